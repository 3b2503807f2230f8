import type { ReactNode } from 'react';

/**
 * A box that scrolls sideways can be reached with the keyboard (and its arrows scroll it) while
 * it does; a box that fits is no extra stop. Set on the element itself, not through React state:
 * a render more before the first frame would cost a list its first paint.
 */
const focusableWhileScrolling = (box: HTMLDivElement | null) => {
  if (!box || typeof ResizeObserver === 'undefined') return;
  const update = () => {
    if (box.scrollWidth > box.clientWidth) box.tabIndex = 0;
    else box.removeAttribute('tabindex');
  };
  // the box when the window changes, the table when its rows do
  const observer = new ResizeObserver(update);
  observer.observe(box);
  if (box.firstElementChild) observer.observe(box.firstElementChild);
  return () => observer.disconnect();
};

/**
 * Where a table wider than a phone's screen scrolls sideways (its own width kept, so a name is
 * not broken after every word). Rather than Table's `scroll.x`, which adds a hidden measuring
 * row copying the header's "select all" checkbox: a focusable control under aria-hidden.
 */
export const SidewaysScroll = ({
  className,
  children,
}: {
  className?: string;
  children: ReactNode;
}) => (
  <div className={className} style={{ overflowX: 'auto' }} ref={focusableWhileScrolling}>
    {children}
  </div>
);
