import { initialsOf } from '../../lib/format';

/** A round photo, or the person's initials when there is none. Decorative: name it nearby. */
export function Avatar({ name, src, size = 32 }: { name: string; src?: string | null; size?: number }) {
  return (
    <span
      className="avatar"
      style={{ width: size, height: size, fontSize: Math.round(size * 0.38) }}
      aria-hidden="true"
    >
      {src ? <img src={src} alt="" width={size} height={size} /> : initialsOf(name)}
    </span>
  );
}
