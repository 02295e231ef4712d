import type { Messages } from '../../i18n/en';
import type { eventScreensEn } from './messages';

/** The Chinese texts of ./messages.ts, loaded only with the Chinese language. */
export const eventScreensZh: Pick<Messages, keyof typeof eventScreensEn> = {
  events: {
    menu: '活动',
    kinds: { anniversary: '周年庆活动', conference: '线下发布会' },
    states: { open: '报名中', full: '已满', ended: '已结束' },
    applied: '已报名',
    actions: { signup: '立即报名', applied: '已报名', ended: '活动已结束', full: '名额已满' },
    starts: '开始时间',
    ends: '结束时间',
    seats: '名额',
    seatsLeft: '剩余 {{left}} / {{capacity}}',
    reward: '报名奖励',
    points_other: '{{points}} 积分',
    signedUp: '报名成功',
    empty: '暂无活动',
    emptyHint: '新活动将在这里公布，下拉可刷新。',
  },
  statistics: {
    title: '统计',
    period: '时间范围',
    lastDays: '{{days}} 天',
    total: '近 {{days}} 天收益',
    perDay: '每日收益',
    chartLabel: '近 {{days}} 天每日收益柱状图',
    empty: '该时间段暂无收益',
    emptyHint: '设备、团队和奖励带来的收益会按天显示在这里。',
    byType: '按类型收益',
    byTypeEmpty: '暂无收益。',
    days: '每日明细',
    noDays: '该时间段内没有收益。',
  },
};
