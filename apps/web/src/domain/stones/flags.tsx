import type { JSX } from 'react';

/**
 * Small flags for stock locations, drawn inline so they look the same on every system (emoji
 * flags do not render on Windows). USA-BD is US stock and shows the US flag.
 */
function Belgium() {
  return (
    <>
      <rect width="6" height="12" fill="#1a1a1a" />
      <rect x="6" width="6" height="12" fill="#fdda24" />
      <rect x="12" width="6" height="12" fill="#ef3340" />
    </>
  );
}

function Emirates() {
  return (
    <>
      <rect width="18" height="4" fill="#00732f" />
      <rect y="4" width="18" height="4" fill="#fff" />
      <rect y="8" width="18" height="4" fill="#1a1a1a" />
      <rect width="5" height="12" fill="#ff0000" />
    </>
  );
}

function India() {
  return (
    <>
      <rect width="18" height="4" fill="#ff9933" />
      <rect y="4" width="18" height="4" fill="#fff" />
      <rect y="8" width="18" height="4" fill="#138808" />
      <circle cx="9" cy="6" r="1.4" fill="none" stroke="#000080" strokeWidth="0.6" />
    </>
  );
}

function Israel() {
  return (
    <>
      <rect width="18" height="12" fill="#fff" />
      <rect y="1.3" width="18" height="1.6" fill="#0038b8" />
      <rect y="9.1" width="18" height="1.6" fill="#0038b8" />
      <path d="M9 3.6l2 3.5H7zM9 8.4l-2-3.5h4z" fill="none" stroke="#0038b8" strokeWidth="0.6" />
    </>
  );
}

function UnitedStates() {
  return (
    <>
      <rect width="18" height="12" fill="#fff" />
      {[0, 2, 4, 6, 8, 10].map((y) => (
        <rect key={y} y={y} width="18" height="1" fill="#b22234" />
      ))}
      <rect width="8" height="6.5" fill="#3c3b6e" />
    </>
  );
}

const FLAGS: Record<string, () => JSX.Element> = {
  BEL: Belgium,
  DUB: Emirates,
  IND: India,
  ISR: Israel,
  USA: UnitedStates,
  'USA-BD': UnitedStates,
};

export function hasFlag(location: string): boolean {
  return location in FLAGS;
}

export function LocationFlag({ location }: { location: string }) {
  const Flag = FLAGS[location];
  if (!Flag) return null;
  return (
    <svg className="flag" width="18" height="12" viewBox="0 0 18 12" aria-hidden="true" focusable="false">
      <Flag />
      <rect width="18" height="12" fill="none" stroke="rgb(0 0 0 / 18%)" strokeWidth="0.5" />
    </svg>
  );
}
