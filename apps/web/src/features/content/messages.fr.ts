import type { Messages } from '../../i18n/en';

/** The French texts of ./messages.ts, loaded only with the French language. */
export const contentScreensFr: Pick<Messages, 'content'> = {
  content: {
    entries: {
      deposit: 'Recharger',
      withdraw: 'Retirer',
      draws: 'Tirages',
      events: 'Événements',
      news: 'Actualités',
      posts: 'Forum',
      guides: 'Guides',
      honor: 'Palmarès',
    },
    home: {
      notices: 'Annonces',
      updated: 'Mis à jour {{time}}',
    },
    notFound: "Ce contenu n'est plus disponible.",
    notFoundHint: 'Il a peut-être été retiré. Revenez à la liste pour voir les nouveautés.',
    backToList: 'Retour à la liste',
    news: {
      title: 'Actualités',
      empty: "Pas encore d'actualités",
      emptyHint: "Les actualités de l'entreprise sont publiées ici. Tirez vers le bas pour vérifier.",
    },
    posts: {
      title: 'Publications',
      empty: 'Pas encore de publication',
      emptyHint: 'Les publications de la plateforme apparaissent ici. Tirez vers le bas pour vérifier.',
      commentCount_one: '{{count}} commentaire',
      commentCount_other: '{{count}} commentaires',
      commentCount_many: '{{count}} commentaires',
      noComments: 'Pas encore de commentaire',
      noCommentsHint: 'Soyez le premier à partager votre expérience.',
      closed: 'Les commentaires sont fermés pour cette publication.',
      write: 'Écrire un commentaire',
      signInToComment: 'Connectez-vous pour commenter',
    },
    comment: {
      title: 'Commentaire',
      label: 'Votre commentaire',
      placeholder: 'Partagez votre expérience (texte uniquement)',
      images: 'Images ({{count}}/{{max}})',
      imagesHint: "Jusqu'à {{max}} images.",
      submit: 'Publier',
      uploading: "Attendez la fin de l'envoi des images.",
      saveFailed: "Échec de l'enregistrement",
      uploadFailed: "Échec de l'envoi de l'image",
      pending: 'Merci ! Votre commentaire apparaîtra une fois vérifié.',
      published: 'Votre commentaire est publié.',
    },
    guides: {
      title: "Comment gagner de l'argent",
      typesEmpty: 'Pas encore de guide',
      typesEmptyHint: 'Les guides pour gagner avec la plateforme sont publiés ici.',
      empty: 'Pas encore de guide de ce type',
      emptyHint: 'Tirez vers le bas pour vérifier, ou choisissez un autre type.',
    },
    honor: {
      title: 'Distinctions',
      empty: 'Pas encore de distinction',
      emptyHint: "Les prix et certificats de l'entreprise sont présentés ici.",
    },
    pages: {
      updated: 'Mis à jour le {{date}}',
      more: "En savoir plus sur l'entreprise",
    },
    signUpAnd: 'et la',
  },
};
