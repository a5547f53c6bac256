import type { PartnerContents } from '../../../worker/api/partners/schemas';
import { useI18n } from '../../i18n';
import { PartnerLogo } from './parts';

/**
 * `/embed/partners/{slug}`: a partner's page as this site serves it for a webview (spec §2 menu type
 * webview) when the partner has no site of its own to embed: no bar, no script, framed only by this
 * site (worker/edge/security-headers). Links open a new tab: the sandbox forbids navigating the page around it.
 */
export function PartnerEmbed({ data }: { data: PartnerContents }) {
  const { t } = useI18n();
  const { partner } = data;
  return (
    <article className="partner-embed">
      <header className="partner__header">
        <PartnerLogo partner={partner} size={80} />
        <div>
          <h1>{partner.name}</h1>
          {partner.description && <p className="page__lead">{partner.description}</p>}
        </div>
      </header>
      <h2 className="row__title">{t('PARTNER_TITLES', { name: partner.name })}</h2>
      <ul className="grid">
        {data.contents.map((c) => (
          <li key={c.id}>
            <a className="tile" href={`/content/${c.slug}`} target="_blank" rel="noopener">
              <span className="tile__image">{c.vertical_image && <img src={c.vertical_image} alt="" width="200" height="300" loading="lazy" />}</span>
              <span className="tile__title">{c.name_long}</span>
            </a>
          </li>
        ))}
      </ul>
      <p>
        <a className="button button--primary" href={`/partners/${partner.slug}`} target="_blank" rel="noopener">
          {t('PARTNER_MORE', { name: partner.name })}
          <span className="visually-hidden"> ({t('OPENS_IN_NEW_TAB')})</span>
        </a>
      </p>
    </article>
  );
}
