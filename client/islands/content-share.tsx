import { defineIsland } from '../island';
import { useI18n } from '../i18n';
import { showToast, TOAST_MS } from '../toast';

export type ShareProps = { title: string; text: string; url: string };

/**
 * Share button of the content page: the Web Share API where the browser has it (phones), else the
 * link is copied with a 'Link copied' toast. A failure shows the share-failure toast (spec §8);
 * closing the share sheet (AbortError) is not one.
 */
export default function Share({ title, text, url }: ShareProps) {
  const { t } = useI18n();
  const share = async () => {
    const data = { title, text, url };
    try {
      if (typeof navigator.share === 'function' && (!navigator.canShare || navigator.canShare(data))) {
        await navigator.share(data);
        return;
      }
      await navigator.clipboard.writeText(url);
      showToast(t('LINK_COPIED'), 'success', TOAST_MS.request);
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return;
      showToast(t('SHARE_FAILED'), 'danger', TOAST_MS.error);
    }
  };
  return (
    <button type="button" className="button button--secondary button--large" onClick={() => void share()}>
      <svg className="icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
        <path fill="currentColor" d="M18 16.1c-.8 0-1.4.3-2 .8l-7.1-4.2c.1-.2.1-.5.1-.7s0-.5-.1-.7L16 7.2c.5.5 1.2.8 2 .8 1.7 0 3-1.3 3-3s-1.3-3-3-3-3 1.3-3 3c0 .2 0 .5.1.7L8 9.8C7.5 9.3 6.8 9 6 9c-1.7 0-3 1.3-3 3s1.3 3 3 3c.8 0 1.5-.3 2-.8l7.1 4.2c-.1.2-.1.4-.1.6 0 1.6 1.3 2.9 2.9 2.9s2.9-1.3 2.9-2.9-1.2-2.9-2.8-2.9z" />
      </svg>
      {t('SHARE')}
    </button>
  );
}

export const ShareIsland = defineIsland('content-share', Share);
