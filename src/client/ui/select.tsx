import {
  Children,
  type ComponentProps,
  createContext,
  isValidElement,
  type KeyboardEvent,
  type ReactNode,
  useContext,
  useState,
} from 'react';
import { toastError } from '../stores/toasts';
import { loadOnce } from './deferred-control';
import { ChevronDownIcon } from './icons';
import { selectTriggerClasses } from './select-face';
import type * as RadixSelect from './select-radix';

type RadixSelectModule = typeof RadixSelect;

const loadRadixSelect = loadOnce(() => import('./select-radix'));

/** The loaded Radix parts, once this select has been reached for; null before. */
const LoadedSelect = createContext<RadixSelectModule | null>(null);

/** What the placeholder parts need from their root before Radix has loaded. */
interface SelectFace {
  label: ReactNode;
  disabled: boolean;
  open: () => void;
  prefetch: () => void;
}

const SelectFaceContext = createContext<SelectFace | null>(null);

/** The text of the item whose value is `value`, found among the select's children. */
export function itemLabel(children: ReactNode, value: string | undefined): ReactNode {
  if (value === undefined) return undefined;
  let found: ReactNode;
  const visit = (nodes: ReactNode) => {
    Children.forEach(nodes, (node) => {
      if (found !== undefined || !isValidElement<{ value?: string; children?: ReactNode }>(node)) return;
      if (node.type === SelectItem && node.props.value === value) found = node.props.children;
      else visit(node.props.children);
    });
  };
  visit(children);
  return found;
}

/**
 * A select whose Radix code (positioning, typeahead, scroll lock) downloads when the person first
 * reaches for it, not with the screen (decision 070), as the reporting-year picker does (decision
 * 064). Until then the same parts draw a plain button with the select's look, role, label and
 * current choice: hovering or focusing it starts the download, activating it opens the real select.
 * The API is Radix Select's, so screens write `<Select><SelectTrigger>…` as before.
 */
export function Select(props: ComponentProps<RadixSelectModule['Select']>) {
  const [radix, setRadix] = useState<RadixSelectModule | null>(null);
  const [openOnArrival, setOpenOnArrival] = useState(false);
  if (radix) {
    return (
      <LoadedSelect.Provider value={radix}>
        <radix.Select defaultOpen={openOnArrival} {...props} />
      </LoadedSelect.Provider>
    );
  }
  const value = props.value ?? props.defaultValue;
  const face: SelectFace = {
    label: itemLabel(props.children, value),
    disabled: props.disabled ?? false,
    open: () => {
      loadRadixSelect().then(
        (loaded) => {
          setOpenOnArrival(true);
          setRadix(loaded);
        },
        () => toastError("Couldn't load this list. Check your connection and try again."),
      );
    },
    prefetch: () => {
      loadRadixSelect().catch(() => undefined);
    },
  };
  return (
    <SelectFaceContext.Provider value={face}>
      {props.children}
      {/* What Radix's hidden select would send with a form, until Radix is here to send it. */}
      {props.name && value !== undefined ? <input type="hidden" name={props.name} value={value} /> : null}
    </SelectFaceContext.Provider>
  );
}

export function SelectTrigger({
  className,
  children,
  disabled,
  ...props
}: ComponentProps<RadixSelectModule['SelectTrigger']>) {
  const radix = useContext(LoadedSelect);
  const face = useContext(SelectFaceContext);
  if (radix) {
    return (
      <radix.SelectTrigger className={className} disabled={disabled} {...props}>
        {children}
      </radix.SelectTrigger>
    );
  }
  // Radix's trigger opens on Enter, Space and the arrow keys; Enter and Space arrive as clicks.
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    face?.open();
  };
  return (
    <button
      {...(props as ComponentProps<'button'>)}
      type="button"
      role="combobox"
      aria-expanded={false}
      aria-haspopup="listbox"
      disabled={disabled || face?.disabled}
      className={selectTriggerClasses(className)}
      onPointerEnter={face?.prefetch}
      onFocus={face?.prefetch}
      onClick={face?.open}
      onKeyDown={onKeyDown}
    >
      {children}
      <ChevronDownIcon aria-hidden="true" className="size-4 opacity-70" />
    </button>
  );
}

export function SelectValue({
  children,
  placeholder,
  ...props
}: ComponentProps<RadixSelectModule['SelectValue']>) {
  const radix = useContext(LoadedSelect);
  const face = useContext(SelectFaceContext);
  if (radix) {
    return (
      <radix.SelectValue placeholder={placeholder} {...props}>
        {children}
      </radix.SelectValue>
    );
  }
  const shown = children ?? face?.label;
  return (
    <span className={shown === undefined ? 'truncate text-slate-600' : 'truncate'}>
      {shown ?? placeholder}
    </span>
  );
}

/** The list: nothing until Radix has loaded, then Radix's popper content. */
export function SelectContent(props: ComponentProps<RadixSelectModule['SelectContent']>) {
  const radix = useContext(LoadedSelect);
  return radix ? <radix.SelectContent {...props} /> : null;
}

/** One choice: read for its label by the placeholder, drawn by Radix once loaded. */
export function SelectItem(props: ComponentProps<RadixSelectModule['SelectItem']>) {
  const radix = useContext(LoadedSelect);
  return radix ? <radix.SelectItem {...props} /> : null;
}
