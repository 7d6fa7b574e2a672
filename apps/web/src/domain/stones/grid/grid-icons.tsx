/** The grid's own line icons (24-unit grid, stroke = currentColor); decorative. */
const paths = {
  lock: 'M6 11h12v10H6zM8.5 11V8a3.5 3.5 0 0 1 7 0v3M12 15v2',
  fire: 'M12 3c1 3 4 5 4 9a4 4 0 0 1-8 0c0-2 1-3 2-4 0 2 1 3 2 3 0-3-1-5 0-8z',
  camera: 'M4 7h3l2-2h6l2 2h3v12H4zM12 16a3 3 0 1 0 0-6 3 3 0 0 0 0 6z',
  columns: 'M4 4h16v16H4zM9.3 4v16M14.7 4v16',
  download: 'M12 4v11M7 10l5 5 5-5M5 20h14',
  share: 'M18 8a3 3 0 1 0 0-.01M6 15a3 3 0 1 0 0-.01M18 22a3 3 0 1 0 0-.01M8.6 13.5l6.8-4M8.6 16.5l6.8 4',
  compare: 'M4 5h7v14H4zM13 5h7v14h-7M16.5 9v6M14 12h5',
  expand: 'M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5',
  shrink: 'M9 4v5H4M15 4v5h5M9 20v-5H4M15 20v-5h5',
  chevronLeft: 'M15 5l-7 7 7 7',
  chevronRight: 'M9 5l7 7-7 7',
  chevronDown: 'M5 9l7 7 7-7',
  sortAsc: 'M12 5l-5 6h10z',
  sortDesc: 'M12 19l-5-6h10z',
  sortNone: 'M12 4l-4 5h8zM12 20l-4-5h8z',
  up: 'M12 19V5M6 11l6-6 6 6',
  down: 'M12 5v14M6 13l6 6 6-6',
  grip: 'M9 6h.01M15 6h.01M9 12h.01M15 12h.01M9 18h.01M15 18h.01',
  close: 'M6 6l12 12M18 6L6 18',
  mail: 'M3 5h18v14H3zM3 6l9 7 9-7',
  chat: 'M4 20l1.5-4A8 8 0 1 1 9 19.5z',
  copy: 'M9 9h11v11H9zM5 15H4V4h11v1',
  edit: 'M4 20h4L19 9l-4-4L4 16zM13.5 6.5l4 4',
} as const;

export type GridIconName = keyof typeof paths;

export function GridIcon({
  name,
  size = 16,
  className,
}: {
  name: GridIconName;
  size?: number;
  className?: string;
}) {
  const filled = name === 'fire' || name.startsWith('sort');
  return (
    <svg
      className={['icon', className ?? ''].filter(Boolean).join(' ')}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill={filled ? 'currentColor' : 'none'}
      stroke="currentColor"
      strokeWidth={filled ? 0 : 1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={paths[name]} />
    </svg>
  );
}
