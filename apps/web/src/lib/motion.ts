/**
 * How the app scrolls a section into view: smoothly, unless the buyer asked their system for less
 * motion, when the jump is instant (the stylesheet likewise stops animations for them).
 */
export function scrollBehavior(): ScrollBehavior {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'instant' : 'smooth';
}
