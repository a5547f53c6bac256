import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { GuestPrompt } from '../favs/GuestPrompt';
import { defineIsland } from '../island';

type Props = { label: string; current: boolean };

/**
 * My List in the desktop top bar, for guests (spec §6: guests cannot open My List). Without
 * JavaScript it is the plain link to /favs, which shows the register-or-login prompt as a page;
 * live, it opens the same prompt as a modal instead. The modal goes to <body>, away from the
 * bar's link and button styles. The mobile menu island does the same for its own link.
 */
export default function GuestListLink({ label, current }: Props) {
  const [live, setLive] = useState(false);
  const [open, setOpen] = useState(false);
  useEffect(() => setLive(true), []);
  return (
    <>
      <a
        href="/favs"
        aria-current={current ? 'page' : undefined}
        aria-haspopup={live ? 'dialog' : undefined}
        onClick={(event) => {
          if (event.ctrlKey || event.metaKey || event.shiftKey) return; // a new tab or window: the prompt page
          event.preventDefault();
          setOpen(true);
        }}
      >
        {label}
      </a>
      {open && createPortal(<GuestPrompt reason="list" onClose={() => setOpen(false)} />, document.body)}
    </>
  );
}

export const GuestListLinkIsland = defineIsland('guest-list-link', GuestListLink);
