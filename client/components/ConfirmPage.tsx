/** An action that asks first: the question, what it means, where its form posts (`confirmed=1` is added), and the two answers. */
export type ConfirmQuestion = {
  title: string;
  text: string;
  action: string;
  fields: Record<string, string>;
  confirm: string;
  dismiss: string;
};

/**
 * The confirmation step of an action that asks first, as a page of its own (no JavaScript, or the
 * dialog not live yet): the question, what it means, the confirm button and the way back.
 */
export function ConfirmPage({ title, text, action, fields, confirm, dismiss, back }: ConfirmQuestion & { back: string }) {
  return (
    <div className="page settings">
      <section className="settings__section" aria-labelledby="confirm-title">
        <h1 className="settings__title" id="confirm-title">
          {title}
        </h1>
        <p className="settings__text">{text}</p>
        <form className="settings__form" method="post" action={action}>
          {Object.entries({ ...fields, confirmed: '1' }).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <div className="settings__actions">
            <a className="button button--ghost" href={back}>
              {dismiss}
            </a>
            <button className="button button--danger" type="submit">
              {confirm}
            </button>
          </div>
        </form>
      </section>
    </div>
  );
}
