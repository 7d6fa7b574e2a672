export const appointmentKeys = {
  all: ['appointments'] as const,
  list: () => [...appointmentKeys.all, 'list'] as const,
  /** The booking form: the KAM, the stores and the free slots. */
  form: () => [...appointmentKeys.all, 'form'] as const,
  callbackSlots: () => [...appointmentKeys.all, 'callback-slots'] as const,
};
