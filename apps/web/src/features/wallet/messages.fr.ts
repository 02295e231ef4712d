import type { WalletScreensMessages } from './messages';

/** The French texts of ./messages.ts, loaded only with the French language. */
export const walletScreensFr: WalletScreensMessages = {
  statement: {
    title: 'Relevé',
    menu: 'Relevé de mes portefeuilles',
    recordsLink: 'Relevé',
    tabs: { deposit: 'Recharge', income: 'Revenus', points: 'Points' },
    wallets: { deposit: 'Portefeuille de recharge', income: 'Portefeuille des revenus', points: 'Points' },
    balanceNow: 'Solde actuel',
    balanceAfter: 'Solde {{amount}}',
    kind: 'Type',
    allKinds: 'Tous les types',
    chooseKind: 'Afficher les mouvements d’un type',
    empty: 'Aucun mouvement',
    emptyHint: {
      deposit: 'Vos recharges, les achats payés depuis ce portefeuille et les ajustements apparaissent ici.',
      income:
        'Les revenus encaissés, les récompenses d’équipe, les primes, les retraits et les remboursements apparaissent ici.',
      points: 'Les points gagnés et utilisés apparaissent ici.',
    },
    emptyKind: 'Aucun « {{kind}} » dans ce portefeuille',
    emptyKindHint: 'Choisissez « Tous les types » pour voir tous les mouvements.',
    export: 'Exporter',
    exportTitle: 'Exporter en tableur (CSV)',
    exportHint:
      'Tous les mouvements du premier au dernier jour, inclus, selon les jours de la plateforme (heure de {{timezone}}).',
    exportKind: 'Seulement « {{kind}} », comme la liste est filtrée.',
    from: 'Du',
    to: 'Au',
    pickFrom: 'Premier jour',
    pickTo: 'Dernier jour',
    badRange: 'Le premier jour est après le dernier. Choisissez un premier jour plus tôt.',
    download: 'Télécharger le CSV',
    reading: 'Lecture de vos mouvements… {{lines}} pour l’instant',
    downloaded: '{{file}} téléchargé',
    nothing:
      'Rien n’a bougé dans ce portefeuille ces jours-là : il n’y a rien à télécharger. Choisissez d’autres jours.',
    failed: 'Le fichier n’a pas pu être préparé : {{reason}}',
    failedHint:
      'Vérifiez votre connexion et touchez à nouveau « Télécharger le CSV ». Si cela persiste, contactez le service client.',
    csv: {
      date: 'Date ({{timezone}})',
      kind: 'Type',
      source: 'Détail',
      amount: 'Montant ({{currency}})',
      points: 'Points',
      balanceAfter: 'Solde après ({{currency}})',
      pointsAfter: 'Points après',
    },
  },
  orderDetails: {
    title: 'Détail de la commande',
    product: 'Produit',
    quantity: 'Quantité',
    amount: 'Prix',
    discount: 'Remise du coupon',
    paid: 'Payé',
    wallet: 'Payé depuis',
    time: 'Date',
    listPrice: 'Prix {{amount}}',
    couponOff: '{{amount}} de remise par un coupon',
    inStatement: 'Voir dans le relevé',
    close: 'Fermer',
  },
};
