import type { Messages } from '../../i18n/en';

/** The Spanish texts of ./messages.ts, loaded only with the Spanish language. */
export const contentScreensEs: Pick<Messages, 'content'> = {
  content: {
    entries: {
      deposit: 'Recargar',
      withdraw: 'Retirar',
      draws: 'Sorteos',
      events: 'Eventos',
      news: 'Noticias',
      posts: 'Foro',
      guides: 'Guías',
      honor: 'Honores',
    },
    home: {
      notices: 'Avisos',
      updated: 'Actualizado {{time}}',
    },
    notFound: 'Este contenido ya no está disponible.',
    notFoundHint: 'Puede que se haya retirado. Vuelve a la lista para ver las novedades.',
    backToList: 'Volver a la lista',
    news: {
      title: 'Noticias',
      empty: 'Aún no hay noticias',
      emptyHint: 'Las noticias de la empresa se publican aquí. Desliza hacia abajo para comprobarlo.',
    },
    posts: {
      title: 'Publicaciones',
      empty: 'Aún no hay publicaciones',
      emptyHint: 'Las publicaciones de la plataforma aparecen aquí. Desliza hacia abajo para comprobarlo.',
      commentCount_one: '{{count}} comentario',
      commentCount_other: '{{count}} comentarios',
      commentCount_many: '{{count}} comentarios',
      noComments: 'Aún no hay comentarios',
      noCommentsHint: 'Sé el primero en compartir tu experiencia.',
      closed: 'Los comentarios están cerrados en esta publicación.',
      write: 'Escribir un comentario',
      signInToComment: 'Inicia sesión para comentar',
    },
    comment: {
      title: 'Comentario',
      label: 'Tu comentario',
      placeholder: 'Comparte tu experiencia (solo texto)',
      images: 'Imágenes ({{count}}/{{max}})',
      imagesHint: 'Hasta {{max}} imágenes.',
      submit: 'Publicar',
      uploading: 'Espera a que terminen de subirse las imágenes.',
      saveFailed: 'Error al guardar',
      uploadFailed: 'Error al subir la imagen',
      pending: '¡Gracias! Tu comentario aparecerá cuando se haya revisado.',
      published: 'Tu comentario se ha publicado.',
    },
    guides: {
      title: 'Cómo ganar dinero',
      typesEmpty: 'Aún no hay guías',
      typesEmptyHint: 'Aquí se publican guías para ganar con la plataforma.',
      empty: 'Aún no hay guías de este tipo',
      emptyHint: 'Desliza hacia abajo para comprobarlo o elige otro tipo.',
    },
    honor: {
      title: 'Honores',
      empty: 'Aún no hay honores',
      emptyHint: 'Aquí se muestran los premios y certificados de la empresa.',
    },
    pages: {
      updated: 'Actualizado el {{date}}',
      more: 'Más sobre la empresa',
    },
    signUpAnd: 'y la',
  },
};
