import type { DrawCampaign } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { addressPickerPath, drawPath, isWin, pickCampaign, prizeSlot, prizeValue } from './drawText';
import { fillSlots } from './stage';

const campaign = (id: number, kind: DrawCampaign['kind']): DrawCampaign => ({
  id,
  kind,
  name: `C${id}`,
  pointsPerDraw: 10,
  dailyLimit: 3,
  drawsLeftToday: 3,
  startsAt: '2026-01-01T00:00:00Z',
  endsAt: '2026-12-31T00:00:00Z',
  prizes: [],
});

const t = (key: string, options?: Record<string, unknown>) => `${key}:${JSON.stringify(options ?? {})}`;

describe('draw screens', () => {
  it('open each campaign on the screen of its kind', () => {
    expect(drawPath({ id: 7, kind: 'turntable' })).toBe('/pagesB/draw/turntable?id=7');
    expect(drawPath({ id: 8, kind: 'window' })).toBe('/pagesB/draw/window?id=8');
  });

  it('show the campaign named in the address when it is of the screen’s kind, else the first of the kind', () => {
    const list = [campaign(1, 'grid'), campaign(2, 'turntable'), campaign(3, 'turntable')];
    expect(pickCampaign(list, 'turntable', 3)?.id).toBe(3);
    expect(pickCampaign(list, 'turntable', 1)?.id).toBe(2);
    expect(pickCampaign(list, 'turntable', null)?.id).toBe(2);
    expect(pickCampaign(list, 'capsule', null)).toBeUndefined();
  });

  it('land on the first slot holding the server’s prize, and on none when it is not on screen', () => {
    const slots = fillSlots([{ id: 4 }, { id: 5 }, { id: 6 }], 8, 8);
    expect(slots.map((s) => s.id)).toEqual([4, 5, 6, 4, 5, 6, 4, 5]);
    expect(prizeSlot(slots, 6)).toBe(2);
    expect(prizeSlot(slots, 9)).toBe(-1);
  });

  it('lay out no more slots than the stage has and none for a campaign without prizes', () => {
    const twelve = Array.from({ length: 12 }, (_, i) => i);
    expect(fillSlots(twelve, 8, 8)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(fillSlots(twelve, 6, 12)).toHaveLength(12);
    expect(fillSlots([], 6, 12)).toEqual([]);
  });

  it('say what a prize gives: money with the currency, points and draws as counts, goods by name', () => {
    expect(prizeValue({ kind: 'cash', amount: '1250.50', name: 'Cash' }, '₦', t)).toBe('₦1,250.50');
    expect(prizeValue({ kind: 'points', amount: '20', name: 'P' }, '$', t)).toBe(
      'draws.pointsValue:{"count":20,"amount":"20"}',
    );
    expect(prizeValue({ kind: 'draws', amount: '2', name: 'D' }, '$', t)).toBe('draws.drawsValue:{"count":2}');
    expect(prizeValue({ kind: 'goods', amount: '0', name: 'Headphones' }, '$', t)).toBe('Headphones');
  });

  it('count every prize but "nothing" as a win', () => {
    expect(isWin('goods')).toBe(true);
    expect(isWin('nothing')).toBe(false);
  });

  it('send the winner to the address book and back to the same prize', () => {
    expect(addressPickerPath(12)).toBe(
      '/pagesB/wallet/myAddress?select=1&returnTo=%2FpagesB%2Fmine%2FdrawRecordDetail%3Fid%3D12',
    );
  });
});
