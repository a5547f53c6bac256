import type { HelpSeed } from './types.ts';

/** Help centre: Libraries (spec §1: the library-card service, coming). */
export const LIBRARIES: readonly HelpSeed[] = [
  {
    slug: 'library-card',
    question: {
      en: 'Can I watch with my public library card?',
      fr: 'Puis-je regarder avec ma carte de bibliothèque ?',
      ar: 'هل يمكنني المشاهدة ببطاقة المكتبة العمومية؟',
      es: '¿Puedo ver con mi carné de biblioteca?',
    },
    answer: {
      en: 'The library card is coming soon. It will be offered through our partner public libraries: their members will watch films for free by adding the library card number and its PIN to their Tafrij account. Ask your library whether it takes part; we will list the partner libraries here when the service opens.',
      fr: 'La carte de bibliothèque arrive bientôt. Elle sera proposée par nos bibliothèques publiques partenaires : leurs adhérents regarderont des films gratuitement en ajoutant le numéro de leur carte et son code à leur compte Tafrij. Demandez à votre bibliothèque si elle participe ; nous listerons ici les bibliothèques partenaires à l’ouverture du service.',
      ar: 'بطاقة المكتبة قادمة قريباً. ستُقدَّم عبر المكتبات العمومية الشريكة لنا، إذ سيتمكن المنخرطون فيها من مشاهدة الأفلام مجاناً بإضافة رقم بطاقة المكتبة ورمزها السري إلى حسابهم في تفرّج. اسأل مكتبتك إن كانت مشاركة، وسننشر هنا قائمة المكتبات الشريكة عند إطلاق الخدمة.',
      es: 'El carné de biblioteca llegará pronto. Se ofrecerá a través de nuestras bibliotecas públicas asociadas: sus socios verán películas gratis añadiendo el número del carné y su PIN a su cuenta de Tafrij. Pregunta en tu biblioteca si participa; publicaremos aquí la lista de bibliotecas asociadas cuando se abra el servicio.',
    },
    keywords: { en: 'library card free films', fr: 'médiathèque carte lecteur bibliothèque', ar: 'مكتبة بطاقة المكتبة خزانة', es: 'biblioteca carné de lector' },
  },
  {
    slug: 'for-librarians',
    question: {
      en: 'I am a librarian. How can my library offer Tafrij?',
      fr: 'Je suis bibliothécaire. Comment ma bibliothèque peut-elle proposer Tafrij ?',
      ar: 'أنا أمين مكتبة. كيف يمكن لمكتبتي أن تقدّم تفرّج؟',
      es: 'Soy bibliotecario. ¿Cómo puede mi biblioteca ofrecer Tafrij?',
    },
    answer: {
      en: 'Public libraries can become partners and give their members free access to films with their library card. Contact us with the subject "Librarian", with your library’s name and city: we can arrange a trial, a demo for your team, or talk about the content you would like to offer.',
      fr: 'Les bibliothèques publiques peuvent devenir partenaires et offrir à leurs adhérents l’accès gratuit aux films avec leur carte. Contactez-nous avec le sujet « Bibliothécaire », en indiquant le nom et la ville de votre bibliothèque : nous pouvons organiser un essai, une démonstration pour votre équipe, ou parler des contenus que vous aimeriez proposer.',
      ar: 'يمكن للمكتبات العمومية أن تصبح شريكة وتمنح منخرطيها وصولاً مجانياً إلى الأفلام ببطاقة المكتبة. تواصل معنا باختيار الموضوع «أمين مكتبة» مع ذكر اسم مكتبتك ومدينتها، ويمكننا ترتيب فترة تجريبية أو عرض توضيحي لفريقك أو مناقشة المحتوى الذي تودون تقديمه.',
      es: 'Las bibliotecas públicas pueden asociarse y dar a sus socios acceso gratuito a películas con su carné. Contáctanos con el asunto «Bibliotecario», indicando el nombre y la ciudad de tu biblioteca: podemos organizar una prueba, una demostración para tu equipo o hablar de los contenidos que te gustaría ofrecer.',
    },
    keywords: { en: 'librarian partner library trial demo', fr: 'bibliothécaire partenariat démonstration', ar: 'أمين المكتبة شراكة عرض تجريبي', es: 'bibliotecario asociación demostración' },
  },
];
