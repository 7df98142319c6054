import 'server-only';
import { DEMO_DIETITIAN } from './demoCredentials';
import type { OfficeSlug } from './offices';
import type { SkillSlug } from './skills';

type Language = 'en' | 'fr';

/** ISO weekdays: 1 = Monday .. 7 = Sunday. */
type Weekday = 1 | 2 | 3 | 4 | 5 | 6 | 7;
const MON_TO_FRI: Weekday[] = [1, 2, 3, 4, 5];

export type ScheduleBlock = { office: OfficeSlug; weekdays: Weekday[]; from: `${number}:${number}`; to: `${number}:${number}` };

export type Dietitian = {
  email: string;
  /** Known only for the demo account; the others get an unguessable one (reset by e-mail to use). */
  password?: string;
  isAdmin: boolean;
  firstName: string;
  lastName: string;
  preferredLanguage: Language;
  titleEn: string;
  titleFr: string;
  /** The demo College of Dietitians of Ontario registration number, printed on receipts. */
  registrationNumber: string;
  bioEn: string;
  bioFr: string;
  /** The languages they hold sessions in. */
  languages: Language[];
  skills: SkillSlug[];
  /** Wall-clock hours in CLINIC_TIMEZONE. */
  schedule: ScheduleBlock[];
};

const RD = { titleEn: 'Registered Dietitian', titleFr: 'Diététiste professionnelle' } as const;

/** The demo clinic's dietitians: seeded only with demo data (SEED_DEMO). */
export const demoTeam: Dietitian[] = [
  {
    email: DEMO_DIETITIAN.email,
    password: DEMO_DIETITIAN.password,
    isAdmin: true,
    firstName: 'Claire',
    lastName: 'Bouchard',
    preferredLanguage: 'en',
    ...RD,
    registrationNumber: '14237',
    bioEn:
      'Claire founded Équilibre Nutrition twelve years ago, after working in hospital and community practice. She helps adults manage their weight and type 2 diabetes without strict diets, and works with recreational athletes who want more energy for their sport.',
    bioFr:
      "Claire a fondé Équilibre Nutrition il y a douze ans, après avoir pratiqué en milieu hospitalier et communautaire. Elle aide les adultes à gérer leur poids et leur diabète de type 2 sans régime strict, et accompagne les sportifs amateurs qui veulent plus d’énergie pour leur sport.",
    languages: ['en', 'fr'],
    skills: ['weight-management', 'diabetes', 'eating-habits', 'sports-performance'],
    schedule: [
      { office: 'centretown', weekdays: MON_TO_FRI, from: '9:00', to: '17:00' },
      { office: 'virtual', weekdays: [4], from: '18:00', to: '20:00' },
    ],
  },
  {
    email: 'sophie.tremblay@demo.equilibrenutrition.ca',
    isAdmin: false,
    firstName: 'Sophie',
    lastName: 'Tremblay',
    preferredLanguage: 'fr',
    ...RD,
    registrationNumber: '14274',
    bioEn:
      'Sophie focuses on digestive health, including IBS and the low-FODMAP approach, and on food allergies and intolerances. She believes food should stay a pleasure, even with restrictions, and builds plans around what her patients already enjoy.',
    bioFr:
      "Sophie se consacre à la santé digestive, dont le syndrome de l’intestin irritable et l’approche faible en FODMAP, ainsi qu’aux allergies et intolérances alimentaires. Pour elle, manger doit rester un plaisir, même avec des restrictions\u00a0: elle bâtit ses plans autour de ce que ses patients aiment déjà.",
    languages: ['fr', 'en'],
    skills: ['digestive-health', 'food-allergies', 'eating-habits', 'weight-management'],
    schedule: [
      { office: 'centretown', weekdays: MON_TO_FRI, from: '9:00', to: '17:00' },
      { office: 'virtual', weekdays: [3], from: '18:00', to: '20:30' },
    ],
  },
  {
    email: 'marc-andre.gagnon@demo.equilibrenutrition.ca',
    isAdmin: false,
    firstName: 'Marc-André',
    lastName: 'Gagnon',
    preferredLanguage: 'fr',
    ...RD,
    registrationNumber: '14311',
    titleFr: 'Diététiste professionnel',
    bioEn:
      'A former competitive cross-country skier, Marc-André works with athletes of every level on fuelling, hydration and recovery. He also supports adults living with diabetes or high cholesterol. He holds his sessions in French.',
    bioFr:
      "Ancien skieur de fond de compétition, Marc-André accompagne les sportifs de tous niveaux sur l’alimentation à l’entraînement, l’hydratation et la récupération. Il soutient aussi les adultes qui vivent avec le diabète ou un taux de cholestérol élevé. Ses consultations se déroulent en français.",
    languages: ['fr'],
    skills: ['sports-performance', 'weight-management', 'diabetes', 'heart-health'],
    schedule: [
      { office: 'orleans', weekdays: [1, 2, 3, 4], from: '8:30', to: '16:30' },
      { office: 'virtual', weekdays: [4], from: '17:30', to: '20:30' },
    ],
  },
  {
    email: 'emily.chen@demo.equilibrenutrition.ca',
    isAdmin: false,
    firstName: 'Emily',
    lastName: 'Chen',
    preferredLanguage: 'en',
    ...RD,
    registrationNumber: '14348',
    bioEn:
      'Emily works with families: pregnancy and breastfeeding, starting solids, picky eating and food allergies in children. She also helps people who are moving to a vegetarian or vegan diet get everything they need. She holds her sessions in English.',
    bioFr:
      "Emily travaille auprès des familles\u00a0: grossesse et allaitement, introduction des aliments solides, enfants difficiles à table et allergies alimentaires chez l’enfant. Elle aide aussi les personnes qui adoptent une alimentation végétarienne ou végétalienne à combler tous leurs besoins. Ses consultations se déroulent en anglais.",
    languages: ['en'],
    skills: ['pregnancy', 'pediatric-nutrition', 'food-allergies', 'vegetarian-diet'],
    schedule: [
      { office: 'centretown', weekdays: [1, 3, 5], from: '9:00', to: '17:00' },
      { office: 'orleans', weekdays: [2, 4], from: '10:00', to: '18:00' },
      { office: 'virtual', weekdays: [2], from: '18:30', to: '20:30' },
    ],
  },
  {
    email: 'amira.haddad@demo.equilibrenutrition.ca',
    isAdmin: false,
    firstName: 'Amira',
    lastName: 'Haddad',
    preferredLanguage: 'en',
    ...RD,
    registrationNumber: '14385',
    bioEn:
      'Amira specializes in heart health, diabetes and digestive conditions, and brings a practical, culturally aware approach to Mediterranean and plant-forward eating. Many of her patients come after a new diagnosis and want a plan they can actually live with.',
    bioFr:
      "Amira se spécialise en santé cardiaque, en diabète et en troubles digestifs, avec une approche pratique et attentive aux cultures de l’alimentation méditerranéenne et végétale. Beaucoup de ses patients la consultent après un nouveau diagnostic et veulent un plan qu’ils pourront vraiment suivre.",
    languages: ['en', 'fr'],
    skills: ['heart-health', 'diabetes', 'digestive-health', 'vegetarian-diet', 'eating-habits'],
    schedule: [
      { office: 'orleans', weekdays: [1, 3, 5], from: '9:00', to: '17:00' },
      { office: 'centretown', weekdays: [2, 4], from: '11:00', to: '19:00' },
      { office: 'virtual', weekdays: [6], from: '9:00', to: '12:00' },
    ],
  },
];

/** '8:30' -> 510 minutes after midnight. */
export function minutesAfterMidnight(time: `${number}:${number}`): number {
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  return hours * 60 + minutes;
}
