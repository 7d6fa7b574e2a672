/**
 * Every socket joins the room of its customer and the room of its session, on whichever instance
 * it is connected: emitting or disconnecting by room then reaches it through the adapter.
 */
export const customerRoom = (customerId: string) => `customer:${customerId}`;
export const sessionRoom = (sessionId: string) => `session:${sessionId}`;
