import { defineIsland } from '../island';
import { useI18n } from '../i18n';
import { showToast, TOAST_MS } from '../toast';
import { ButtonIcon } from '../components/ButtonIcon';

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
      <ButtonIcon name="share" />
      {t('SHARE')}
    </button>
  );
}

export const ShareIsland = defineIsland('content-share', Share);
