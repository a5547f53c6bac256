// The texts of account emails and SMS in the four languages (password reset, verification codes).
import type { Lang } from '../rules/lang';
import type { Email } from './types';

/** An email before it is addressed: subject, text part and html part. */
export type EmailContent = Omit<Email, 'to' | 'html'> & { html: string };

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (ch) => ESCAPES[ch] ?? ch);

type Reset = { subject: string; greeting: string; intro: string; button: string; fallback: string; validity: string; ignore: string; team: string };

const RESET: Record<Lang, Reset> = {
  en: {
    subject: 'Reset your Tafrij password',
    greeting: 'Hello,',
    intro: 'We received a request to reset the password of your Tafrij account. Open this link to choose a new password:',
    button: 'Choose a new password',
    fallback: 'If the button does not work, copy this link into your browser:',
    validity: 'This link is valid for 1 hour and can be used only once.',
    ignore: 'If you did not ask to reset your password, you can ignore this email: your password stays the same.',
    team: 'The Tafrij team',
  },
  fr: {
    subject: 'Réinitialisez votre mot de passe Tafrij',
    greeting: 'Bonjour,',
    intro: 'Nous avons reçu une demande de réinitialisation du mot de passe de votre compte Tafrij. Ouvrez ce lien pour choisir un nouveau mot de passe :',
    button: 'Choisir un nouveau mot de passe',
    fallback: 'Si le bouton ne fonctionne pas, copiez ce lien dans votre navigateur :',
    validity: "Ce lien est valable 1 heure et ne peut être utilisé qu'une seule fois.",
    ignore: "Si vous n'avez pas demandé à réinitialiser votre mot de passe, ignorez cet e-mail : votre mot de passe reste inchangé.",
    team: "L'équipe Tafrij",
  },
  ar: {
    subject: 'إعادة تعيين كلمة مرور تفرّج',
    greeting: 'مرحبًا،',
    intro: 'تلقّينا طلبًا لإعادة تعيين كلمة مرور حسابك على تفرّج. افتح هذا الرابط لاختيار كلمة مرور جديدة:',
    button: 'اختيار كلمة مرور جديدة',
    fallback: 'إذا لم يعمل الزر، انسخ هذا الرابط والصقه في متصفحك:',
    validity: 'هذا الرابط صالح لمدة ساعة واحدة، ولا يمكن استخدامه إلا مرة واحدة.',
    ignore: 'إذا لم تطلب إعادة تعيين كلمة المرور، يمكنك تجاهل هذه الرسالة، وستبقى كلمة مرورك كما هي.',
    team: 'فريق تفرّج',
  },
  es: {
    subject: 'Restablece tu contraseña de Tafrij',
    greeting: 'Hola:',
    intro: 'Hemos recibido una solicitud para restablecer la contraseña de tu cuenta de Tafrij. Abre este enlace para elegir una nueva contraseña:',
    button: 'Elegir una nueva contraseña',
    fallback: 'Si el botón no funciona, copia este enlace en tu navegador:',
    validity: 'El enlace es válido durante 1 hora y solo se puede usar una vez.',
    ignore: 'Si no has solicitado restablecer tu contraseña, ignora este correo: tu contraseña no cambiará.',
    team: 'El equipo de Tafrij',
  },
};

type Code = { subject: string; line: (code: string) => string; share: string; ignore: string; team: string; sms: (code: string) => string };

const CODE: Record<Lang, Code> = {
  en: {
    subject: 'Your Tafrij verification code',
    line: (code) => `Your Tafrij code is ${code}. It expires in 10 minutes.`,
    share: 'Never share this code with anyone, not even with us.',
    ignore: 'If you did not ask for this code, you can ignore this email.',
    team: 'The Tafrij team',
    sms: (code) => `Tafrij: your code is ${code}. It expires in 10 minutes. Do not share it.`,
  },
  fr: {
    subject: 'Votre code de vérification Tafrij',
    line: (code) => `Votre code Tafrij est ${code}. Il expire dans 10 minutes.`,
    share: 'Ne communiquez jamais ce code à personne, pas même à nous.',
    ignore: "Si vous n'avez pas demandé ce code, ignorez cet e-mail.",
    team: "L'équipe Tafrij",
    sms: (code) => `Tafrij : votre code est ${code}. Il expire dans 10 minutes. Ne le partagez pas.`,
  },
  ar: {
    subject: 'رمز التحقق الخاص بك على تفرّج',
    line: (code) => `رمزك على تفرّج هو ${code}. تنتهي صلاحيته خلال 10 دقائق.`,
    share: 'لا تشارك هذا الرمز مع أي شخص، ولا حتى معنا.',
    ignore: 'إذا لم تطلب هذا الرمز، يمكنك تجاهل هذه الرسالة.',
    team: 'فريق تفرّج',
    sms: (code) => `رمزك على تفرّج: ${code}. صالح لمدة 10 دقائق. لا تشاركه مع أحد.`,
  },
  es: {
    subject: 'Tu código de verificación de Tafrij',
    line: (code) => `Tu código de Tafrij es ${code}. Caduca en 10 minutos.`,
    share: 'No compartas nunca este código con nadie, ni siquiera con nosotros.',
    ignore: 'Si no has solicitado este código, puedes ignorar este correo.',
    team: 'El equipo de Tafrij',
    sms: (code) => `Tafrij: tu código es ${code}. Caduca en 10 minutos. No lo compartas.`,
  },
};

const P = 'margin:0 0 16px';

/** A minimal, inline-styled email document; Arabic is laid out right to left. */
export function page(lang: Lang, title: string, inner: string): string {
  const dir = lang === 'ar' ? 'rtl' : 'ltr';
  const align = lang === 'ar' ? 'right' : 'left';
  return (
    `<!doctype html><html lang="${lang}" dir="${dir}"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>` +
    `<body style="margin:0;padding:0;background:#f4f4f5">` +
    `<div dir="${dir}" style="max-width:480px;margin:0 auto;padding:24px;background:#ffffff;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;color:#18181b;text-align:${align}">` +
    `${inner}</div></body></html>`
  );
}

/** Only absolute http(s) links go into a reset email. */
function checkLink(link: string): void {
  let protocol = '';
  try {
    protocol = new URL(link).protocol;
  } catch {
    // handled below
  }
  if (protocol !== 'https:' && protocol !== 'http:') throw new TypeError('resetPasswordEmail: the link must be an absolute http(s) URL');
}

export function resetPasswordEmail(lang: Lang, link: string): EmailContent {
  checkLink(link);
  const t = RESET[lang];
  const text = [t.greeting, t.intro, link, `${t.validity} ${t.ignore}`, t.team].join('\n\n') + '\n';
  const href = escapeHtml(link);
  const html = page(
    lang,
    t.subject,
    `<p style="${P}">${escapeHtml(t.greeting)}</p>` +
      `<p style="${P}">${escapeHtml(t.intro)}</p>` +
      `<p style="margin:0 0 24px"><a href="${href}" style="display:inline-block;padding:12px 20px;background:#e50914;color:#ffffff;text-decoration:none;border-radius:6px;font-weight:bold">${escapeHtml(t.button)}</a></p>` +
      `<p style="${P};font-size:14px;color:#52525b">${escapeHtml(t.fallback)}<br><a href="${href}" dir="ltr" style="color:#2563eb;word-break:break-all">${href}</a></p>` +
      `<p style="${P}">${escapeHtml(t.validity)} ${escapeHtml(t.ignore)}</p>` +
      `<p style="margin:0">${escapeHtml(t.team)}</p>`,
  );
  return { subject: t.subject, text, html };
}

export function verificationCodeEmail(lang: Lang, code: string): EmailContent {
  const t = CODE[lang];
  const text = [t.line(code), t.share, t.ignore, t.team].join('\n\n') + '\n';
  const html = page(
    lang,
    t.subject,
    `<p style="${P}">${escapeHtml(t.line(code))}</p>` +
      `<p dir="ltr" style="margin:0 0 24px;font-family:'Courier New',monospace;font-size:32px;font-weight:bold;letter-spacing:6px;text-align:center">${escapeHtml(code)}</p>` +
      `<p style="${P}">${escapeHtml(t.share)}</p>` +
      `<p style="${P};font-size:14px;color:#52525b">${escapeHtml(t.ignore)}</p>` +
      `<p style="margin:0">${escapeHtml(t.team)}</p>`,
  );
  return { subject: t.subject, text, html };
}

/** Short enough for one SMS segment (Arabic and Spanish texts are UCS-2: 70 characters). */
export function verificationCodeSms(lang: Lang, code: string): string {
  return CODE[lang].sms(code);
}
