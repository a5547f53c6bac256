import { useEffect, useRef, useState, type RefObject } from 'react';
import type { Translate } from '../i18n';
import { announcementOf, type Spoken } from './announcements';

/** A change this long after the viewer's last key or press is theirs (a play may take a moment to start); later ones (autoplay, the end, the engine's own seeks) are not said. */
const ANSWER_MS = 3_000;
/** Repeated steps (a held arrow, a dragged slider) are said once they stop. */
const SETTLE_MS = 400;

/**
 * The text of the player's one polite live region (WCAG 4.1.3): playing, paused, sound off and on,
 * volume, subtitles on (with the language) and off, quality, and where a seek landed — each said
 * when it follows something the viewer did (and the next episode's card as it comes), never for what the page restores on its own (the
 * browser's saved volume and subtitles) nor for the engine's seeks. The seek bar and the volume
 * slider, while they have focus, are read by the screen reader itself from their value text.
 */
export function usePlayerAnnouncements(video: RefObject<HTMLVideoElement | null>, spoken: Spoken, t: Translate, seekText: (at: number) => string, next: string | null = null): string {
  const [text, setText] = useState('');
  const lastInput = useRef(Number.NEGATIVE_INFINITY);
  const before = useRef(spoken);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const seekTextRef = useRef(seekText);
  seekTextRef.current = seekText;
  const tRef = useRef(t);
  tRef.current = t;

  const say = (message: string, wait = 0) => {
    clearTimeout(timer.current);
    // Emptied first, so that the same words said twice ("Paused") are read twice.
    setText('');
    timer.current = setTimeout(() => setText(message), Math.max(wait, 50));
  };
  const sayRef = useRef(say);
  sayRef.current = say;

  useEffect(() => {
    const input = () => {
      lastInput.current = performance.now();
    };
    document.addEventListener('keydown', input, true);
    document.addEventListener('pointerdown', input, true);
    return () => {
      document.removeEventListener('keydown', input, true);
      document.removeEventListener('pointerdown', input, true);
      clearTimeout(timer.current);
    };
  }, []);

  const fresh = () => performance.now() - lastInput.current < ANSWER_MS;
  const focusOn = (selector: string) => document.activeElement instanceof Element && document.activeElement.matches(selector);

  useEffect(() => {
    const previous = before.current;
    before.current = spoken;
    if (!fresh()) return;
    const message = announcementOf(previous, spoken, t, focusOn('.player__volume-range'));
    if (!message) return;
    const stepping = previous.volume !== spoken.volume && previous.muted === spoken.muted;
    say(message, stepping ? SETTLE_MS : 0);
    // The message depends on what changed, not on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [spoken.playing, spoken.muted, spoken.volume, spoken.captions, spoken.quality]);

  // The next-episode card, once, as it comes (its countdown is not read out every second).
  useEffect(() => {
    if (next) say(t('PLAYER_SAID_NEXT', { title: next }));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [next]);

  useEffect(() => {
    const el = video.current;
    if (!el) return;
    const onSeeking = () => {
      if (!fresh() || focusOn('.player__seek-range')) return;
      sayRef.current(tRef.current('PLAYER_SAID_SEEK', { time: seekTextRef.current(el.currentTime) }), SETTLE_MS);
    };
    el.addEventListener('seeking', onSeeking);
    return () => el.removeEventListener('seeking', onSeeking);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [video]);

  return text;
}
