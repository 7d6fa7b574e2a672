import { faqs, sideBarConfig } from '@loupe/contract/portal';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

export const helpKeys = {
  all: ['help'] as const,
  faqs: () => [...helpKeys.all, 'faqs'] as const,
  sideBar: () => [...helpKeys.all, 'side-bar'] as const,
};

/** The FAQs (public data; they change with a release, so one read per visit is enough). */
export function useFaqs() {
  return useQuery({
    queryKey: helpKeys.faqs(),
    queryFn: () => call(faqs, {}),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** The side bar's entries (spec §7: GET public/data/side_bar_config). */
export function useSideBarConfig() {
  return useQuery({
    queryKey: helpKeys.sideBar(),
    queryFn: () => call(sideBarConfig, {}),
    staleTime: Number.POSITIVE_INFINITY,
    select: (data) => data.items,
  });
}
