import { Fragment, useContext } from 'react';
import { helpAnswerParts, helpPlainText, HELP_PAGE_NAMES } from '../../../worker/rules/help';
import { useI18n } from '../../i18n';
import { ClientAssetsContext } from '../../island';

/** An answer's text, its site paths as links named after their pages (the answers are plain text in D1, in four languages). */
export function HelpText({ text }: { text: string }) {
  const { t } = useI18n();
  return (
    <>
      {helpAnswerParts(text, t).map((part, i) =>
        part.path ? (
          <a key={i} href={part.path} dir={HELP_PAGE_NAMES[part.path] ? undefined : 'ltr'}>
            {part.text}
          </a>
        ) : (
          <Fragment key={i}>{part.text}</Fragment>
        ),
      )}
    </>
  );
}

/**
 * FAQPage structured data (schema.org) of the questions a page shows, as JSON-LD in the body:
 * `<` is written \u003c so no answer can close the script element.
 */
export function FaqJsonLd({ questions }: { questions: { question: string; answer: string }[] }) {
  // Every script element of a page carries the response's nonce, data blocks too.
  const nonce = useContext(ClientAssetsContext)?.nonce;
  const { t } = useI18n();
  if (questions.length === 0) return null;
  const data = {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: questions.map((q) => ({ '@type': 'Question', name: q.question, acceptedAnswer: { '@type': 'Answer', text: helpPlainText(q.answer, t) } })),
  };
  return <script type="application/ld+json" nonce={nonce} dangerouslySetInnerHTML={{ __html: JSON.stringify(data).replace(/</g, '\\u003c') }} />;
}
