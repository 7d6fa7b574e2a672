import type { IconName } from '../../components/ui/icon';
import { formatDate } from '../../lib/format';

/** "Just now", "5 min ago", "3 h ago", "Yesterday", "4 days ago", then the date. */
export function noticeAge(iso: string, now: Date = new Date()): string {
  const date = new Date(iso);
  const minutes = Math.floor((now.getTime() - date.getTime()) / 60_000);
  if (Number.isNaN(minutes)) return iso;
  if (minutes < 1) return 'Just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  const days = Math.floor(hours / 24);
  if (days === 1) return 'Yesterday';
  if (days < 7) return `${days} days ago`;
  return formatDate(iso);
}

const iconByPrefix: Record<string, IconName> = {
  'my-cart': 'cart',
  appointment: 'calendar',
  'bid-to-buy': 'gavel',
  'new-arrival': 'sparkle',
  'your-orders': 'orders',
  'my-orders': 'orders',
  'my-account': 'user',
  search: 'search',
};

/** The icon of a notice without its own picture: the area it leads to. */
export function noticeIcon(targetPage: string | null): IconName {
  return iconByPrefix[targetPage?.split(':')[0] ?? ''] ?? 'bell';
}

/** The badge shows at most two digits. */
export function badgeText(unseen: number): string {
  return unseen > 99 ? '99+' : String(unseen);
}
