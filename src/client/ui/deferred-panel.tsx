import { type ComponentType, type Ref, useEffect, useState } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from './card';
import { useLoadedWhen } from './deferred-control';
import { Skeleton } from './skeleton';

/** How far below the viewport a panel starts loading: a quarter of a screen of scrolling ahead. */
const LOAD_AHEAD = '25% 0px';

/**
 * True once `element` comes within a screen of the viewport, or once the person presses Tab
 * anywhere: a keyboard user then meets the real controls in tab order, not a placeholder that
 * focus would skip.
 */
export function useNearViewport(element: HTMLElement | null): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: LOAD_AHEAD },
    );
    observer.observe(element);
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Tab') setNear(true);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      observer.disconnect();
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [element, near]);
  return near;
}

/**
 * A card below the first screen whose code (forms with their validation, Radix selects and
 * dialogs) downloads when the person scrolls or tabs towards it, not with the page (decision 070).
 * Until then the card's own title and description stand in its place with a skeleton of its
 * height, so the page does not jump and the heading is there to be found.
 */
export function DeferredPanel<P extends object>({
  load,
  props,
  title,
  description,
  height,
}: {
  load: () => Promise<ComponentType<P>>;
  props: P;
  /** The loaded panel's own title and description, shown meanwhile. */
  title: string;
  description: string;
  /** Tailwind height class of the skeleton, close to the loaded panel's body. */
  height: string;
}) {
  const [element, setElement] = useState<HTMLElement | null>(null);
  const near = useNearViewport(element);
  const Panel = useLoadedWhen(near, load, {
    failure: `Couldn't load “${title}”. Check your connection and reload the page.`,
  });
  if (Panel) return <Panel {...props} />;
  return <PanelPlaceholder ref={setElement} title={title} description={description} height={height} />;
}

/** A card's own title and description over a skeleton of its body's height, while its code loads. */
export function PanelPlaceholder({
  title,
  description,
  height,
  id,
  ref,
}: {
  title: string;
  description: string;
  /** Tailwind height class of the skeleton, close to the loaded card's body. */
  height: string;
  /** Kept from the loaded card, so a link to its anchor still lands here. */
  id?: string;
  ref?: Ref<HTMLElement>;
}) {
  return (
    <Card ref={ref} id={id} aria-busy="true">
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>
        <Skeleton className={`${height} w-full`} />
      </CardContent>
    </Card>
  );
}
