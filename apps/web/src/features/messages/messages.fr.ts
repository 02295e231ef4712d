import type { Messages } from '../../i18n/en';
import type { messageScreensEn } from './messages';

/** The French texts of ./messages.ts, loaded only with the French language. */
export const messageScreensFr: Pick<Messages, keyof typeof messageScreensEn> = {
  messages: {
    title: 'Messages système',
    menu: 'Messages système',
    readAll: 'Tout marquer comme lu',
    unread: 'Non lu',
    unreadCount_one: '{{count}} message non lu',
    unreadCount_many: '{{count}} de messages non lus',
    unreadCount_other: '{{count}} messages non lus',
    empty: 'Aucun message pour le moment',
    emptyHint: 'Les avis sur vos retraits, dépôts, niveau et lots apparaissent ici. Tirez vers le bas pour actualiser.',
  },
  contactForm: {
    title: 'Écrivez-nous',
    hint: 'Notre réponse arrivera dans vos messages système.',
    message: 'Votre message',
    contact: 'Téléphone ou e-mail pour vous joindre (facultatif)',
    send: 'Envoyer',
    sent: 'Envoyé. Nous vous répondrons dans vos messages système.',
    required: "Écrivez d'abord votre message.",
    signInHint: 'Connectez-vous pour nous écrire. Notre réponse arrivera dans vos messages système.',
  },
  location: {
    menu: 'Partager ma position',
    title: 'Partagez votre position',
    why: "Partager votre position nous aide à vous proposer des services près de chez vous. Nous ne la lisons qu'une fois, avec votre accord.",
    allow: 'Autoriser',
    refuse: 'Pas maintenant',
    refused:
      'Vous avez choisi de ne pas partager votre position. Nous ne le redemanderons pas, sauf si vous revenez ici.',
    back: 'Retour',
    shared: 'Position partagée. Merci.',
    openTitle: 'Activer la localisation',
    offTitle: "Votre position n'est pas disponible",
    offHint:
      "La localisation est désactivée ou ce navigateur n'y est pas autorisé. Activez-la dans les réglages du téléphone, autorisez ce site, puis réessayez.",
    retry: 'Réessayer',
  },
};
