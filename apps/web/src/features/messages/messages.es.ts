import type { Messages } from '../../i18n/en';
import type { messageScreensEn } from './messages';

/** The Spanish texts of ./messages.ts, loaded only with the Spanish language. */
export const messageScreensEs: Pick<Messages, keyof typeof messageScreensEn> = {
  messages: {
    title: 'Mensajes del sistema',
    menu: 'Mensajes del sistema',
    readAll: 'Marcar todo como leído',
    unread: 'No leído',
    unreadCount_one: '{{count}} mensaje sin leer',
    unreadCount_many: '{{count}} de mensajes sin leer',
    unreadCount_other: '{{count}} mensajes sin leer',
    empty: 'Aún no hay mensajes',
    emptyHint:
      'Aquí aparecen los avisos de tus retiros, depósitos, nivel y premios. Desliza hacia abajo para actualizar.',
  },
  contactForm: {
    title: 'Escríbenos',
    hint: 'Nuestra respuesta llegará a tus mensajes del sistema.',
    message: 'Tu mensaje',
    contact: 'Teléfono o correo para contactarte (opcional)',
    send: 'Enviar',
    sent: 'Enviado. Te responderemos en tus mensajes del sistema.',
    required: 'Escribe primero tu mensaje.',
    signInHint: 'Inicia sesión para escribirnos. Nuestra respuesta llegará a tus mensajes del sistema.',
  },
  location: {
    menu: 'Compartir mi ubicación',
    title: 'Comparte tu ubicación',
    why: 'Compartir tu ubicación nos ayuda a ofrecerte servicios cercanos. Solo la leemos una vez y si lo permites.',
    allow: 'Permitir',
    refuse: 'Ahora no',
    refused: 'Elegiste no compartir tu ubicación. No volveremos a preguntar salvo que regreses aquí.',
    back: 'Volver',
    shared: 'Ubicación compartida. Gracias.',
    openTitle: 'Activa la ubicación',
    offTitle: 'Tu ubicación no está disponible',
    offHint:
      'Los servicios de ubicación están desactivados o este navegador no tiene permiso. Actívalos en los ajustes del teléfono, permite este sitio y vuelve a intentarlo.',
    retry: 'Reintentar',
  },
};
