import 'server-only';
import type { ServiceSlug } from '@/lib/i18n/routing';
import en from '@/messages/en.json';
import fr from '@/messages/fr.json';
import type { Database } from '../client';
import { services } from '../schema';

type ServiceSettings = {
  longDescriptionEn: string;
  longDescriptionFr: string;
  /** What the patient books. */
  clientDurationMinutes: number;
  /** The dietitian's block: the visit plus notes (or travel, for work outside the clinic). */
  employeeDurationMinutes: number;
  basePriceCents: number;
  allowGuestBooking: boolean;
  requiresMatchingSkills: boolean;
  prerequisite?: ServiceSlug;
  /** The chart template its visits start from (issue #40); follow-up when not said. */
  chartTemplate?: 'adime' | 'follow_up' | 'group' | 'note';
  /**
   * Ontario HST (13%). Dietetic services rendered to an individual by a registered dietitian
   * are exempt (Excise Tax Act, Sch. V, Part II, s. 7). Group classes, workshops sold to an
   * employer and store tours are education rather than individual clinical care, so the clinic
   * charges HST on them. The bio-impedance test is a stand-alone measurement, priced tax
   * included (SPEC §9). Change these if the clinic's accountant rules otherwise.
   */
  isTaxable: boolean;
  taxIncluded?: boolean;
  minCancellationNoticeHours?: number;
  maxAdvanceBookingDays?: number;
  minAdvanceBookingHours?: number;
};

/**
 * The clinic's services, one per slug of the route table (the Record type makes a missing
 * one a compile error). Durations and prices of the first five are SPEC §9's table; names
 * and short descriptions come from messages/*.json (Services.<slug>), the one place they are
 * written. Ordered so that a prerequisite comes before the services that need it.
 */
export const seededServices: Record<ServiceSlug, ServiceSettings> = {
  'nutrition-evaluation': {
    chartTemplate: 'adime',
    longDescriptionEn:
      'Your first visit with a registered dietitian. We review your health history, medications, recent lab results and what you usually eat and drink, then talk about your goals and what has made change hard so far. You leave with a clear picture of your nutritional needs and two or three first steps you can start this week. Please bring recent blood work and a list of your medications and supplements.',
    longDescriptionFr:
      "Votre première rencontre avec une diététiste. Nous passons en revue vos antécédents de santé, vos médicaments, vos analyses récentes et ce que vous mangez et buvez habituellement, puis nous parlons de vos objectifs et de ce qui a rendu le changement difficile jusqu’ici. Vous repartez avec une vision claire de vos besoins nutritionnels et deux ou trois premières étapes à mettre en place dès cette semaine. Apportez vos analyses sanguines récentes et la liste de vos médicaments et suppléments.",
    clientDurationMinutes: 50,
    employeeDurationMinutes: 60,
    basePriceCents: 135_00,
    allowGuestBooking: true,
    requiresMatchingSkills: true,
    isTaxable: false,
  },
  'nutrition-plan': {
    longDescriptionEn:
      'Building on your evaluation, your dietitian designs a meal plan that fits your health needs, your culture and tastes, your budget and your week. We go through it together: portions, sample menus, snacks, eating out, and how to adapt it when life gets busy. You receive the plan in writing, with recipes and a grocery list.',
    longDescriptionFr:
      "À partir de votre évaluation, votre diététiste conçoit un plan alimentaire adapté à vos besoins de santé, à votre culture et à vos goûts, à votre budget et à votre semaine. Nous le parcourons ensemble\u00a0: portions, exemples de menus, collations, repas au restaurant et façons de l’ajuster quand la vie s’accélère. Vous recevez le plan par écrit, avec des recettes et une liste d’épicerie.",
    clientDurationMinutes: 50,
    employeeDurationMinutes: 60,
    basePriceCents: 150_00,
    allowGuestBooking: false,
    requiresMatchingSkills: true,
    isTaxable: false,
  },
  'follow-up': {
    longDescriptionEn:
      'A short visit with your dietitian to see what is working, what is not, and what to change next. We review your food journal or measurements if you keep them, adjust your plan and answer the questions that came up since last time. Regular follow-ups are where most lasting change happens. Available after a nutrition evaluation.',
    longDescriptionFr:
      "Une courte rencontre avec votre diététiste pour voir ce qui fonctionne, ce qui fonctionne moins et ce qu’il faut changer. Nous revoyons votre journal alimentaire ou vos mesures si vous en tenez, ajustons votre plan et répondons aux questions apparues depuis la dernière fois. C’est au fil des suivis que les changements durables s’installent. Offert après une évaluation nutritionnelle.",
    clientDurationMinutes: 20,
    employeeDurationMinutes: 30,
    basePriceCents: 80_00,
    // A follow-up continues a file: the clinic must know the patient, so an account is needed.
    allowGuestBooking: false,
    requiresMatchingSkills: false,
    prerequisite: 'nutrition-evaluation',
    isTaxable: false,
  },
  'grocery-store-tour': {
    chartTemplate: 'note',
    longDescriptionEn:
      'Meet your dietitian at a grocery store near you for an hour in the aisles. Learn to read the nutrition facts table and the ingredient list, compare products quickly, see through marketing claims and fill your cart with healthy, affordable choices for the whole family. Tours take place in Ottawa-area stores; we confirm the meeting point with you before the day.',
    longDescriptionFr:
      "Retrouvez votre diététiste dans une épicerie près de chez vous pour une heure dans les allées. Apprenez à lire le tableau de la valeur nutritive et la liste des ingrédients, à comparer rapidement les produits, à voir au-delà des allégations marketing et à remplir votre panier de choix sains et abordables pour toute la famille. Les visites ont lieu dans des épiceries de la région d’Ottawa; nous confirmons le point de rencontre avec vous avant la date.",
    clientDurationMinutes: 60,
    employeeDurationMinutes: 90,
    basePriceCents: 150_00,
    allowGuestBooking: false,
    requiresMatchingSkills: false,
    isTaxable: true,
    // Store tours are planned around the store and the dietitian's travel.
    minCancellationNoticeHours: 48,
    minAdvanceBookingHours: 48,
  },
  'bio-impedance-test': {
    longDescriptionEn:
      'A ten-minute body composition measurement: you stand barefoot on a bio-impedance analyser while a weak, painless current estimates your muscle mass, fat mass and body water. The results give your dietitian a better baseline than weight alone and help track your progress. Do not eat, exercise or drink coffee for two hours before the test. Not suitable during pregnancy or with a pacemaker or other implanted electronic device.',
    longDescriptionFr:
      "Une mesure de la composition corporelle en dix minutes\u00a0: vous vous tenez pieds nus sur un analyseur par bio-impédance pendant qu’un faible courant, indolore, estime votre masse musculaire, votre masse grasse et votre eau corporelle. Les résultats donnent à votre diététiste un meilleur point de départ que le poids seul et permettent de suivre vos progrès. Ne mangez pas, ne faites pas d’exercice et ne buvez pas de café dans les deux heures qui précèdent le test. Ne convient pas pendant la grossesse ni aux personnes portant un stimulateur cardiaque ou un autre appareil électronique implanté.",
    clientDurationMinutes: 10,
    employeeDurationMinutes: 15,
    basePriceCents: 35_00,
    allowGuestBooking: false,
    requiresMatchingSkills: false,
    isTaxable: true,
    taxIncluded: true,
    // Ten minutes at the front of the clinic: easy to fit in on short notice.
    minCancellationNoticeHours: 12,
    minAdvanceBookingHours: 4,
  },
  'individual-consultation': {
    chartTemplate: 'adime',
    longDescriptionEn:
      'A one-hour, one-on-one session with a registered dietitian about a specific question or concern: a new diagnosis, a digestive problem, a picky eater at home, eating for your sport, or simply eating better. Choose the reasons for your visit when you book and we match you with a dietitian who works with them every day. Sessions are held in person or by video.',
    longDescriptionFr:
      "Une séance individuelle d’une heure avec une diététiste sur une question ou une préoccupation précise\u00a0: un nouveau diagnostic, un trouble digestif, un enfant difficile à table, l’alimentation pour votre sport, ou simplement mieux manger. Choisissez les raisons de votre visite au moment de réserver et nous vous proposons une diététiste qui s’en occupe tous les jours. Les séances ont lieu en personne ou par vidéo.",
    clientDurationMinutes: 60,
    employeeDurationMinutes: 75,
    basePriceCents: 160_00,
    allowGuestBooking: true,
    requiresMatchingSkills: true,
    isTaxable: false,
  },
  'group-programs': {
    chartTemplate: 'group',
    longDescriptionEn:
      'Groups of six to twelve people meet with a dietitian for practical 90-minute sessions around a shared goal, such as living with type 2 diabetes, heart-healthy cooking or eating well during pregnancy. Each session mixes short teaching, hands-on activities and time for questions, and the group keeps one another going between meetings. Book a seat in the session that suits you.',
    longDescriptionFr:
      "Des groupes de six à douze personnes se réunissent avec une diététiste pour des séances pratiques de 90 minutes autour d’un objectif commun, comme vivre avec le diabète de type 2, cuisiner pour la santé du cœur ou bien manger pendant la grossesse. Chaque séance allie courts exposés, activités concrètes et période de questions, et le groupe se soutient entre les rencontres. Réservez votre place à la séance qui vous convient.",
    clientDurationMinutes: 90,
    employeeDurationMinutes: 105,
    basePriceCents: 60_00,
    allowGuestBooking: false,
    requiresMatchingSkills: false,
    isTaxable: true,
    minCancellationNoticeHours: 48,
  },
  'corporate-services': {
    chartTemplate: 'note',
    longDescriptionEn:
      'Bring a registered dietitian to your workplace, in person or online. We offer lunch-and-learns, workshops and wellness programs on eating well on a busy schedule, healthy meals at the office, energy and concentration, and heart health. Each booking is a one-hour session for your team, with handouts in English or French; contact us to plan a series.',
    longDescriptionFr:
      "Invitez une diététiste dans votre milieu de travail, en personne ou en ligne. Nous proposons des dîners-conférences, des ateliers et des programmes de mieux-être sur l’alimentation malgré un horaire chargé, les repas santé au bureau, l’énergie et la concentration, et la santé du cœur. Chaque réservation est une séance d’une heure pour votre équipe, avec de la documentation en français ou en anglais; contactez-nous pour planifier une série.",
    clientDurationMinutes: 60,
    employeeDurationMinutes: 90,
    basePriceCents: 450_00,
    allowGuestBooking: false,
    requiresMatchingSkills: false,
    isTaxable: true,
    // Workshops are prepared for each team and booked well ahead.
    minCancellationNoticeHours: 72,
    maxAdvanceBookingDays: 180,
    minAdvanceBookingHours: 7 * 24,
  },
};

/** A service's row as the catalogue defines it, but for the prerequisite's id (the database's). */
export function catalogueService(slug: ServiceSlug) {
  const { prerequisite, ...settings } = seededServices[slug];
  return {
    ...settings,
    nameEn: en.Services[slug].name,
    nameFr: fr.Services[slug].name,
    shortDescriptionEn: en.Services[slug].short,
    shortDescriptionFr: fr.Services[slug].short,
    currency: 'CAD',
    isActive: true,
    isFreeService: false,
    enforcePrerequisite: prerequisite !== undefined,
    taxIncluded: settings.taxIncluded ?? false,
    chartTemplate: settings.chartTemplate ?? 'follow_up',
    minCancellationNoticeHours: settings.minCancellationNoticeHours ?? 24,
    maxAdvanceBookingDays: settings.maxAdvanceBookingDays ?? 90,
    minAdvanceBookingHours: settings.minAdvanceBookingHours ?? 12,
  };
}

/** Upserts the services by slug; returns each slug's id. */
export async function seedServices(db: Database): Promise<Map<ServiceSlug, number>> {
  const ids = new Map<ServiceSlug, number>();
  for (const slug of Object.keys(seededServices) as ServiceSlug[]) {
    const { prerequisite } = seededServices[slug];
    const prerequisiteServiceId = prerequisite === undefined ? null : ids.get(prerequisite);
    if (prerequisiteServiceId === undefined) throw new Error(`Seed: ${slug} is listed before its prerequisite ${prerequisite}.`);
    const values = { ...catalogueService(slug), prerequisiteServiceId };
    const [row] = await db
      .insert(services)
      .values({ slug, ...values })
      .onConflictDoUpdate({ target: services.slug, set: values })
      .returning({ id: services.id });
    ids.set(slug, row!.id);
  }
  return ids;
}
