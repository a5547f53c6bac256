/**
 * The demo's live TV (issue 16): two channels — Aflam TV (free) and Tafrij+ (premium) — played as
 * simulated live streams from the demo clips (worker/media/live.ts), with a guide of the days
 * around `now` written as an XMLTV document and imported through the same code as an operator's
 * file (worker/api/live-tv/xmltv.ts). Some documentaries were "recorded": they link to the VOD
 * title for catch-up. Late films are rated 16, which kids profiles do not see.
 *
 * PURE module: no node: imports.
 */
import { importStatements, parseXmltv, type Statement } from '../../worker/api/live-tv/xmltv.ts';
import { addDays, dayOf, dayStart } from '../../worker/rules/live-tv.ts';

/** The guide's categories in the four languages. */
const CATEGORIES: Record<string, { en: string; fr: string; ar: string; es: string }> = {
  News: { en: 'News', fr: 'Information', ar: 'أخبار', es: 'Noticias' },
  Documentary: { en: 'Documentary', fr: 'Documentaire', ar: 'وثائقي', es: 'Documental' },
  Lifestyle: { en: 'Lifestyle', fr: 'Art de vivre', ar: 'أسلوب حياة', es: 'Estilo de vida' },
  Series: { en: 'Series', fr: 'Série', ar: 'مسلسل', es: 'Serie' },
  Movie: { en: 'Film', fr: 'Film', ar: 'فيلم', es: 'Película' },
  Comedy: { en: 'Comedy', fr: 'Humour', ar: 'كوميديا', es: 'Comedia' },
};

type Show = { en: string; fr: string; ar: string; es: string; desc: { en: string; fr: string; ar: string; es: string }; category: string; rating?: number; recording?: string };

const ZONE = 'Africa/Casablanca';

const AFLAM: Show[] = [
  { en: 'Morning in Morocco', fr: 'Bonjour le Maroc', ar: 'صباح الخير يا مغرب', es: 'Buenos días Marruecos', category: 'News', desc: { en: 'News, weather and guests to start the day.', fr: 'Actualités, météo et invités pour bien commencer la journée.', ar: 'أخبار وطقس وضيوف لبداية اليوم.', es: 'Noticias, tiempo e invitados para empezar el día.' } },
  { en: 'Voices of the Gnawa', fr: 'Les voix des Gnaoua', ar: 'أصوات كناوة', es: 'Las voces de los gnawa', category: 'Documentary', recording: 'voices-of-the-gnawa', desc: { en: 'The masters of Gnawa music, from Essaouira to the world.', fr: 'Les maîtres de la musique gnaoua, d’Essaouira au monde entier.', ar: 'معلمو موسيقى كناوة، من الصويرة إلى العالم.', es: 'Los maestros de la música gnawa, de Esauira al mundo.' } },
  { en: 'Kitchen of the Medina', fr: 'La cuisine de la médina', ar: 'مطبخ المدينة', es: 'La cocina de la medina', category: 'Lifestyle', desc: { en: 'A family recipe from a different city every day.', fr: 'Chaque jour, une recette de famille d’une autre ville.', ar: 'كل يوم وصفة عائلية من مدينة مختلفة.', es: 'Cada día, una receta familiar de otra ciudad.' } },
  { en: 'The Argan Women', fr: 'Les femmes de l’arganier', ar: 'نساء الأركان', es: 'Las mujeres del argán', category: 'Documentary', recording: 'the-argan-women', desc: { en: 'A cooperative of the Souss and the tree that feeds it.', fr: 'Une coopérative du Souss et l’arbre qui la fait vivre.', ar: 'تعاونية في سوس والشجرة التي تعيلها.', es: 'Una cooperativa del Sus y el árbol que la sostiene.' } },
  { en: 'Midday News', fr: 'Journal de midi', ar: 'أخبار منتصف النهار', es: 'Noticias del mediodía', category: 'News', desc: { en: 'The news of Morocco and the world.', fr: 'L’actualité du Maroc et du monde.', ar: 'أخبار المغرب والعالم.', es: 'La actualidad de Marruecos y del mundo.' } },
  { en: 'Atlas from Above', fr: 'L’Atlas vu du ciel', ar: 'الأطلس من السماء', es: 'El Atlas desde el cielo', category: 'Documentary', recording: 'atlas-from-above', desc: { en: 'The mountains, valleys and villages of the Atlas, filmed from the air.', fr: 'Les montagnes, vallées et villages de l’Atlas filmés du ciel.', ar: 'جبال الأطلس ووديانه وقراه مصورة من الجو.', es: 'Las montañas, valles y pueblos del Atlas, filmados desde el aire.' } },
  { en: 'Derb Stories', fr: 'Histoires de derb', ar: 'حكايات الدرب', es: 'Historias del derb', category: 'Series', desc: { en: 'Neighbours, weddings and quarrels in an old Casablanca street.', fr: 'Voisins, mariages et disputes dans une vieille rue de Casablanca.', ar: 'جيران وأعراس وخصومات في زقاق قديم بالدار البيضاء.', es: 'Vecinos, bodas y peleas en una vieja calle de Casablanca.' } },
  { en: 'Evening News', fr: 'Le journal du soir', ar: 'نشرة المساء', es: 'Noticias de la noche', category: 'News', desc: { en: 'The day in Morocco and the world.', fr: 'La journée au Maroc et dans le monde.', ar: 'اليوم في المغرب والعالم.', es: 'El día en Marruecos y en el mundo.' } },
  { en: 'Film: Casablanca Nights', fr: 'Film : Nuits de Casablanca', ar: 'فيلم: ليالي الدار البيضاء', es: 'Película: Noches de Casablanca', category: 'Movie', rating: 16, desc: { en: 'A taxi driver, a stolen necklace and one long night.', fr: 'Un chauffeur de taxi, un collier volé et une longue nuit.', ar: 'سائق طاكسي وعقد مسروق وليلة طويلة.', es: 'Un taxista, un collar robado y una larga noche.' } },
  { en: 'Fes, a Thousand Years', fr: 'Fès, mille ans', ar: 'فاس، ألف عام', es: 'Fez, mil años', category: 'Documentary', recording: 'fes-a-thousand-years', desc: { en: 'The oldest university in the world and the city around it.', fr: 'La plus ancienne université du monde et la ville qui l’entoure.', ar: 'أقدم جامعة في العالم والمدينة من حولها.', es: 'La universidad más antigua del mundo y la ciudad que la rodea.' } },
];

const PLUS: Show[] = [
  { en: 'Premium Cinema', fr: 'Cinéma Premium', ar: 'سينما بريميوم', es: 'Cine Premium', category: 'Movie', desc: { en: 'A new Moroccan feature film, uncut.', fr: 'Un nouveau long métrage marocain, en version intégrale.', ar: 'فيلم مغربي جديد بنسخته الكاملة.', es: 'Un nuevo largometraje marroquí, sin cortes.' } },
  { en: 'Comedy Club Marrakech', fr: 'Comedy Club Marrakech', ar: 'نادي الكوميديا مراكش', es: 'Club de la comedia Marrakech', category: 'Comedy', desc: { en: 'Stand-up from the festival stage.', fr: 'Du stand-up sur la scène du festival.', ar: 'عروض ستاند أب من خشبة المهرجان.', es: 'Monólogos desde el escenario del festival.' } },
  { en: 'The Last Storytellers', fr: 'Les derniers conteurs', ar: 'آخر الحكواتيين', es: 'Los últimos cuentacuentos', category: 'Documentary', recording: 'the-last-storytellers', desc: { en: 'The halqa storytellers of Jemaa el-Fna.', fr: 'Les conteurs de la halqa de Jemaa el-Fna.', ar: 'حكواتيو الحلقة في ساحة جامع الفنا.', es: 'Los narradores de la halqa de Yemaa el Fna.' } },
  { en: 'Series Marathon', fr: 'Marathon séries', ar: 'ماراثون المسلسلات', es: 'Maratón de series', category: 'Series', desc: { en: 'Three episodes in a row of the week’s series.', fr: 'Trois épisodes d’affilée de la série de la semaine.', ar: 'ثلاث حلقات متتالية من مسلسل الأسبوع.', es: 'Tres episodios seguidos de la serie de la semana.' } },
  { en: 'Late Thriller', fr: 'Thriller de minuit', ar: 'تشويق منتصف الليل', es: 'Thriller de medianoche', category: 'Movie', rating: 16, desc: { en: 'A film for grown-ups only.', fr: 'Un film réservé aux adultes.', ar: 'فيلم للكبار فقط.', es: 'Una película solo para adultos.' } },
];

/**
 * Each channel's day, in Morocco's time: when each show starts (it runs until the next one). Shows
 * keep the hour their names promise — the morning show at 06:30, the news at 13:00 and 19:00, the
 * films in the evening, the grown-up thriller late — every day of the guide.
 */
type Day = readonly (readonly [start: string, title: string])[];
const AFLAM_DAY: Day = [
  ['00:00', 'Film: Casablanca Nights'],
  ['02:00', 'Fes, a Thousand Years'],
  ['03:00', 'Atlas from Above'],
  ['04:00', 'Voices of the Gnawa'],
  ['05:00', 'The Argan Women'],
  ['06:00', 'Kitchen of the Medina'],
  ['06:30', 'Morning in Morocco'],
  ['08:00', 'Derb Stories'],
  ['08:45', 'Kitchen of the Medina'],
  ['09:15', 'Voices of the Gnawa'],
  ['10:15', 'The Argan Women'],
  ['11:15', 'Atlas from Above'],
  ['12:15', 'Derb Stories'],
  ['13:00', 'Midday News'],
  ['13:30', 'Kitchen of the Medina'],
  ['14:15', 'Fes, a Thousand Years'],
  ['15:15', 'Voices of the Gnawa'],
  ['16:15', 'The Argan Women'],
  ['17:15', 'Atlas from Above'],
  ['18:15', 'Derb Stories'],
  ['19:00', 'Evening News'],
  ['19:30', 'Film: Casablanca Nights'],
  ['21:30', 'Fes, a Thousand Years'],
  ['22:30', 'Derb Stories'],
  ['23:15', 'Atlas from Above'],
];
const PLUS_DAY: Day = [
  ['00:00', 'The Last Storytellers'],
  ['01:00', 'Series Marathon'],
  ['02:30', 'Comedy Club Marrakech'],
  ['03:30', 'Premium Cinema'],
  ['05:30', 'The Last Storytellers'],
  ['06:30', 'Series Marathon'],
  ['08:00', 'Comedy Club Marrakech'],
  ['09:00', 'Premium Cinema'],
  ['11:00', 'The Last Storytellers'],
  ['12:00', 'Series Marathon'],
  ['13:30', 'Comedy Club Marrakech'],
  ['14:30', 'Premium Cinema'],
  ['16:30', 'The Last Storytellers'],
  ['17:30', 'Series Marathon'],
  ['19:00', 'Comedy Club Marrakech'],
  ['20:00', 'Premium Cinema'],
  ['22:00', 'Late Thriller'],
];

export const DEMO_CHANNELS = [
  { xmltvId: 'aflam.tafrij.ma', slug: 'aflam-tv', number: 1, names: { en: 'Aflam TV', fr: 'Aflam TV', ar: 'أفلام تي في', es: 'Aflam TV' }, premium: 0, demoPrefix: 'demo/a/main', shows: AFLAM, day: AFLAM_DAY },
  { xmltvId: 'plus.tafrij.ma', slug: 'tafrij-plus', number: 2, names: { en: 'Tafrij+', fr: 'Tafrij+', ar: 'تفريج+', es: 'Tafrij+' }, premium: 1, demoPrefix: 'demo/b/main', shows: PLUS, day: PLUS_DAY },
] as const;

const escape = (text: string): string => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');
const stamp = (at: number): string => `${new Date(at * 1000).toISOString().replace(/[-:T]/g, '').slice(0, 14)} +0000`;

/** The demo guide as XMLTV: every channel's day (AFLAM_DAY, PLUS_DAY) on each day from `days` before today to `days` after. */
export function demoGuideXmltv(now: Date, days = 8): string {
  const today = dayOf(now.getTime() / 1000, ZONE);
  const out = ['<?xml version="1.0" encoding="UTF-8"?>', '<!DOCTYPE tv SYSTEM "xmltv.dtd">', '<tv generator-info-name="tafrij-seed">'];
  for (const channel of DEMO_CHANNELS) {
    out.push(`  <channel id="${channel.xmltvId}">${Object.entries(channel.names).map(([lang, name]) => `<display-name lang="${lang}">${escape(name)}</display-name>`).join('')}<display-name>${channel.number}</display-name></channel>`);
  }
  const langs = ['en', 'fr', 'ar', 'es'] as const;
  for (const channel of DEMO_CHANNELS) {
    const slots = channel.day.map(([start, title]) => {
      const show = channel.shows.find((s) => s.en === title);
      if (!show) throw new Error(`demo guide: no show ${title} on ${channel.slug}`);
      const [h = 0, m = 0] = start.split(':').map(Number);
      return { offset: (h * 60 + m) * 60, show };
    });
    for (let d = -days; d <= days; d++) {
      const midnight = dayStart(addDays(today, d), ZONE);
      const nextMidnight = dayStart(addDays(today, d + 1), ZONE);
      slots.forEach(({ offset, show }, k) => {
        const at = midnight + offset;
        const following = slots[k + 1];
        const stop = following ? midnight + following.offset : nextMidnight;
        out.push(
          `  <programme channel="${channel.xmltvId}" start="${stamp(at)}" stop="${stamp(stop)}">` +
            langs.map((lang) => `<title lang="${lang}">${escape(show[lang])}</title>`).join('') +
            langs.map((lang) => `<desc lang="${lang}">${escape(show.desc[lang])}</desc>`).join('') +
            langs.map((lang) => `<category lang="${lang}">${escape(CATEGORIES[show.category]?.[lang] ?? show.category)}</category>`).join('') +
            (show.rating ? `<rating system="CSA"><value>-${show.rating}</value></rating>` : '') +
            '</programme>',
        );
      });
    }
  }
  out.push('</tv>');
  return `${out.join('\n')}\n`;
}

/** A statement with its parameters written in (for a SQL file run by wrangler). */
export const inlineStatement = (s: Statement, sql: (value: string | number | null) => string): string => s.sql.replace(/\?(\d+)/g, (_, n: string) => sql(s.params[Number(n) - 1] ?? null));

/** SQL that seeds the demo channels and their guide around `now`, and the catch-up recordings. */
export function tvStatements(now: Date, sql: (value: string | number | null) => string): string[] {
  const guide = parseXmltv(demoGuideXmltv(now));
  const { statements } = importStatements(guide, new Set(), now.toISOString());
  const settings = DEMO_CHANNELS.map(
    (c) => `UPDATE channels SET slug = ${sql(c.slug)}, premium = ${c.premium}, demo_prefix = ${sql(c.demoPrefix)} WHERE xmltv_id = ${sql(c.xmltvId)}`,
  );
  const recordings = DEMO_CHANNELS.flatMap((c) =>
    c.shows
      .filter((s) => s.recording)
      .map(
        (s) =>
          `UPDATE programmes SET recording_slug = ${sql(s.recording ?? null)} WHERE channel_id = (SELECT id FROM channels WHERE xmltv_id = ${sql(c.xmltvId)}) AND title ->> 'en' = ${sql(s.en)}
           AND EXISTS (SELECT 1 FROM contents WHERE slug = ${sql(s.recording ?? null)})`,
      ),
  );
  return [...statements.map((s) => inlineStatement(s, sql)), ...settings, ...recordings];
}
