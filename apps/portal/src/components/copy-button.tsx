import { useState } from 'react';

async function copyText(text: string): Promise<void> {
  if (navigator.clipboard && window.isSecureContext) {
    await navigator.clipboard.writeText(text);
    return;
  }
  // Plain http on a non-local host has no Clipboard API: fall back to a selected textarea.
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  const ok = document.execCommand('copy');
  area.remove();
  if (!ok) throw new Error('copy refused');
}

export function CopyButton({
  text,
  label = 'Copy',
  describedBy,
}: {
  text: string;
  label?: string;
  /** The id of what is copied's name (a heading), read after the button's own words. */
  describedBy?: string;
}) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const copy = async () => {
    try {
      await copyText(text);
      setState('copied');
    } catch (_error) {
      setState('failed');
    }
  };
  return (
    <>
      <button type="button" className="secondary" onClick={copy} aria-describedby={describedBy}>
        {label}
      </button>
      <span role="status" className="small muted">
        {state === 'copied'
          ? 'Copied to the clipboard.'
          : state === 'failed'
            ? 'Copy failed: select the text and copy it.'
            : ''}
      </span>
    </>
  );
}
