import { initialsOf } from '../../lib/format';

/** A round photo, or the person's initials when there is none. Decorative: name it nearby. */
export function Avatar({ name, src, size = 32 }: { name: string; src?: string | null; size?: number }) {
  return (
    <span
      className="avatar"
      style={{ width: size, height: size, fontSize: Math.round(size * 0.38) }}
      aria-hidden="true"
      data-initials={src ? undefined : initialsOf(name)}
    >
      {/* Initials are drawn by the stylesheet, so they are no text of the button around it, whose
          name ("Profile") would otherwise not contain what it shows (WCAG 2.5.3). */}
      {src ? <img src={src} alt="" width={size} height={size} /> : null}
    </span>
  );
}
