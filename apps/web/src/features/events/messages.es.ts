import type { Messages } from '../../i18n/en';
import type { eventScreensEn } from './messages';

/** The Spanish texts of ./messages.ts, loaded only with the Spanish language. */
export const eventScreensEs: Pick<Messages, keyof typeof eventScreensEn> = {
  events: {
    menu: 'Eventos',
    kinds: { anniversary: 'Evento de aniversario', conference: 'Rueda de prensa' },
    states: { open: 'Abierto', full: 'Completo', ended: 'Terminado' },
    applied: 'Ya inscrito',
    actions: { signup: 'Inscribirme', applied: 'Ya inscrito', ended: 'El evento ha terminado', full: 'Sin plazas' },
    starts: 'Empieza',
    ends: 'Termina',
    seats: 'Plazas',
    seatsLeft: 'Quedan {{left}} de {{capacity}}',
    reward: 'Recompensa por inscribirse',
    points_one: '{{points}} punto',
    points_many: '{{points}} de puntos',
    points_other: '{{points}} puntos',
    signedUp: 'Te has inscrito',
    empty: 'No hay eventos ahora',
    emptyHint: 'Los nuevos eventos se anuncian aquí. Desliza hacia abajo para comprobarlo.',
  },
  statistics: {
    title: 'Estadísticas',
    period: 'Periodo',
    lastDays: '{{days}} días',
    total: 'Ingresos de los últimos {{days}} días',
    perDay: 'Ingresos por día',
    chartLabel: 'Gráfico de barras de tus ingresos en cada uno de los últimos {{days}} días',
    empty: 'Sin ingresos en este periodo',
    emptyHint: 'Los ingresos de tus máquinas, tu equipo y las recompensas aparecen aquí día a día.',
    byType: 'Ingresos por tipo',
    byTypeEmpty: 'Aún no hay ingresos.',
    days: 'Día a día',
    noDays: 'Ningún día con ingresos en este periodo.',
  },
};
