/** Joins class names, skipping falsy ones. (No tailwind-merge: variants avoid conflicting classes.) */
export function cn(...classes: Array<string | false | null | undefined>): string {
  return classes.filter(Boolean).join(' ');
}
