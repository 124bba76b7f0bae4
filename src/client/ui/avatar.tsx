import { Avatar as AvatarPrimitive } from 'radix-ui';
import { cn } from './cn';

export interface AvatarProps {
  initials: string;
  /** Only same-origin images are loaded (the CSP allows no other image hosts). */
  imageUrl?: string | null;
  className?: string;
}

function isSameOrigin(url: string): boolean {
  return url.startsWith('/') && !url.startsWith('//');
}

export function Avatar({ initials, imageUrl, className }: AvatarProps) {
  return (
    <AvatarPrimitive.Root
      className={cn(
        'inline-flex size-9 shrink-0 items-center justify-center overflow-hidden rounded-full bg-brand-100',
        className,
      )}
    >
      {imageUrl && isSameOrigin(imageUrl) ? (
        <AvatarPrimitive.Image src={imageUrl} alt="" className="size-full object-cover" />
      ) : null}
      <AvatarPrimitive.Fallback aria-hidden="true" className="text-sm font-semibold text-brand-800">
        {initials}
      </AvatarPrimitive.Fallback>
    </AvatarPrimitive.Root>
  );
}
