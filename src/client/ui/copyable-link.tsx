import { useRef, useState } from 'react';
import { Button } from './button';
import { Input } from './input';

/**
 * A one-time link shown read-only with a Copy button (invitation links, decision 018, password
 * reset links, decision 045, and shared data-request packs, issue 22): the server keeps only the
 * link's hash, so this field is the only place anyone sees it. Where the clipboard is refused,
 * the text is selected instead and the status line says how to copy it by hand.
 */
export function CopyableLink({ link, label }: { link: string; label: string }) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [copyState, setCopyState] = useState<'idle' | 'copied' | 'failed'>('idle');

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setCopyState('copied');
    } catch {
      // Clipboard access can be refused (permissions, insecure origin): select the text instead.
      inputRef.current?.select();
      setCopyState('failed');
    }
  };

  return (
    <>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input
          ref={inputRef}
          readOnly
          value={link}
          aria-label={label}
          onFocus={(event) => event.currentTarget.select()}
          className="font-mono text-xs"
        />
        <Button variant="primary" onClick={copy}>
          {copyState === 'copied' ? 'Copied' : 'Copy'}
        </Button>
      </div>
      <p role="status" className="text-sm text-muted empty:hidden">
        {copyState === 'copied'
          ? 'The link is on your clipboard.'
          : copyState === 'failed'
            ? 'Copying is blocked in this browser: the link is selected, press Ctrl+C (or ⌘C) to copy it.'
            : ''}
      </p>
    </>
  );
}
