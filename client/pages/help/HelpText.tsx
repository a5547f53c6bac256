import { Fragment, useContext } from 'react';
import { ClientAssetsContext } from '../../island';

/** A site path in an answer (/settings/editLogin, /profile?t=subscriptions): shown as a link. */
const SITE_PATH = /(?<![\w/])(\/[a-zA-Z][\w-]*(?:\/[\w-]+)*(?:\?[\w=&-]+)?)/;

/** An answer's text, its site paths as links (the answers are plain text in D1, in four languages). */
export function HelpText({ text }: { text: string }) {
  const parts = text.split(SITE_PATH);
  return (
    <>
      {parts.map((part, i) =>
        i % 2 === 1 ? (
          <a key={i} href={part} dir="ltr">
            {part}
          </a>
        ) : (
          <Fragment key={i}>{part}</Fragment>
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
  if (questions.length === 0) return null;
  const data = {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: questions.map((q) => ({ '@type': 'Question', name: q.question, acceptedAnswer: { '@type': 'Answer', text: q.answer } })),
  };
  return <script type="application/ld+json" nonce={nonce} dangerouslySetInnerHTML={{ __html: JSON.stringify(data).replace(/</g, '\\u003c') }} />;
}
