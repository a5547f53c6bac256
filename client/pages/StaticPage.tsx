import { useI18n } from '../i18n';

/** Static pages of spec §2 (terms of use, privacy), their text in locales/. The help centre has its own pages (client/pages/help). */
export const STATIC_PAGES = {
  'terms-of-use': { title: 'TERMS_OF_USE', sections: 4 },
  privacy: { title: 'PRIVACY_POLICY', sections: 4 },
} as const;
export type StaticSlug = keyof typeof STATIC_PAGES;
export const isStaticSlug = (slug: string): slug is StaticSlug => Object.hasOwn(STATIC_PAGES, slug);

const key = (slug: StaticSlug) => slug.replace(/-/g, '_').toUpperCase();

export function StaticPage({ slug }: { slug: StaticSlug }) {
  const { t } = useI18n();
  const page = STATIC_PAGES[slug];
  const sections = Array.from({ length: page.sections }, (_, i) => i + 1);
  return (
    <article className="page prose">
      <h1>{t(page.title)}</h1>
      <p className="page__lead">{t(`${key(slug)}_INTRO`)}</p>
      {sections.map((n) => (
        <section key={n}>
          <h2>{t(`${key(slug)}_H${n}`)}</h2>
          <p>{t(`${key(slug)}_P${n}`)}</p>
        </section>
      ))}
    </article>
  );
}
