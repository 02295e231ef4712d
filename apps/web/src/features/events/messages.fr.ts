import type { Messages } from '../../i18n/en';
import type { eventScreensEn } from './messages';

/** The French texts of ./messages.ts, loaded only with the French language. */
export const eventScreensFr: Pick<Messages, keyof typeof eventScreensEn> = {
  events: {
    menu: 'Événements',
    kinds: { anniversary: 'Événement anniversaire', conference: 'Conférence de presse' },
    states: { open: 'Ouvert', full: 'Complet', ended: 'Terminé' },
    applied: 'Déjà inscrit',
    actions: { signup: "S'inscrire", applied: 'Déjà inscrit', ended: "L'événement est terminé", full: 'Plus de place' },
    starts: 'Début',
    ends: 'Fin',
    seats: 'Places',
    seatsLeft: '{{left}} sur {{capacity}} restantes',
    reward: "Récompense d'inscription",
    points_one: '{{points}} point',
    points_many: '{{points}} de points',
    points_other: '{{points}} points',
    signedUp: 'Vous êtes inscrit',
    empty: "Aucun événement pour l'instant",
    emptyHint: 'Les nouveaux événements sont annoncés ici. Tirez vers le bas pour vérifier.',
  },
  statistics: {
    title: 'Statistiques',
    period: 'Période',
    lastDays: '{{days}} jours',
    total: 'Revenus des {{days}} derniers jours',
    perDay: 'Revenus par jour',
    chartLabel: 'Histogramme de vos revenus de chacun des {{days}} derniers jours',
    empty: 'Aucun revenu sur cette période',
    emptyHint: 'Les revenus de vos machines, de votre équipe et des récompenses apparaissent ici jour par jour.',
    byType: 'Revenus par type',
    byTypeEmpty: 'Aucun revenu pour le moment.',
    days: 'Jour par jour',
    noDays: 'Aucun jour avec des revenus sur cette période.',
  },
};
