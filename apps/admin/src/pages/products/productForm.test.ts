import { describe, expect, it } from 'vitest';
import {
  type AdminProduct,
  emptyProductValues,
  fieldOfServerMessage,
  fullUpdate,
  productToValues,
  savedMessage,
  updateBody,
  validateProduct,
  valuesToInput,
} from './productForm.ts';

const filled = () => ({
  ...emptyProductValues(3),
  name: { en: 'Miner', es: '', fr: '', vi: '', th: '', zh: '' },
  price: '100.00',
  incomePerCycle: '1.50',
  cycles: 30,
  status: 'off' as const,
});

describe('valuesToInput / validateProduct', () => {
  it('accepts a complete product with unlimited stock and no window', () => {
    const input = valuesToInput(filled());
    expect(input.stock).toBeNull();
    expect(input.saleStartsAt).toBeNull();
    expect(input.sort).toBe(3);
    expect(validateProduct(input)).toEqual([]);
  });
  it('names the fields that are missing or wrong', () => {
    const values = { ...filled(), name: { en: '  ' }, price: 'abc', cycles: null, stockLimited: true, stock: null };
    const names = validateProduct(valuesToInput(values)).map((issue) => issue.name.join('.'));
    expect(names).toEqual(expect.arrayContaining(['name.en', 'price', 'cycles', 'stock']));
  });
  it('takes an uploaded image or an https address, and names the image field for anything else', () => {
    for (const image of ['/media/0123456789abcdef0123456789abcdef.png', 'https://cdn.example.com/miner.png', ''])
      expect(validateProduct(valuesToInput({ ...filled(), image })), image).toEqual([]);
    for (const image of ['http://cdn.example.com/miner.png', 'javascript:alert(1)', 'data:image/png;base64,AAAA'])
      expect(validateProduct(valuesToInput({ ...filled(), image })), image).toEqual([
        { name: ['image'], message: 'An image must be one uploaded here or a web address starting with https://.' },
      ]);
  });
  it('refuses a window that ends before it starts', () => {
    const values = { ...filled(), saleStartsAt: '2026-12-02T00:00:00.000Z', saleEndsAt: '2026-12-01T00:00:00.000Z' };
    expect(validateProduct(valuesToInput(values))).toEqual([
      { name: ['saleEndsAt'], message: 'The sale must end after it starts.' },
    ]);
  });
});

describe('a new product is On or Off as the operator says', () => {
  it('starts with neither chosen, and is not saved until one is', () => {
    expect(emptyProductValues(3).status).toBeNull();
    expect(validateProduct(valuesToInput({ ...filled(), status: null }))).toEqual([
      { name: ['status'], message: 'Choose On or Off: whether users can see this product.' },
    ]);
    expect(validateProduct(valuesToInput({ ...filled(), status: 'on' }))).toEqual([]);
  });

  it('says once saved whether users can see it', () => {
    expect(savedMessage({ status: 'on' })).toBe('Saved. Users can see it in the product list.');
    expect(savedMessage({ status: 'off' })).toBe('Saved, Off: users cannot see it until you turn it On.');
  });
});

describe('editing', () => {
  const product: AdminProduct = {
    id: 1,
    name: 'Miner',
    description: '',
    image: '',
    price: '100.00',
    cycle: 'day',
    incomePerCycle: '1.50',
    cycles: 30,
    totalIncome: '45.00',
    totalReturnRate: '45.00',
    points: 0,
    purchaseLimit: 0,
    purchased: 0,
    sold: 4,
    stock: 6,
    limitedTime: false,
    saleStartsAt: null,
    saleEndsAt: null,
    principalReturned: true,
    nameI18n: { en: 'Miner', fr: 'Mineur' },
    descriptionI18n: {},
    status: 'on',
    sort: 2,
  };
  it('starts the stock total from left + sold', () => {
    const initial = productToValues(product);
    expect(initial.stock).toBe(10);
    expect(initial.name.fr).toBe('Mineur');
    expect(updateBody({ ...initial, stockLimited: false }).stock).toBeNull();
  });
  it('sends every field on a status switch so the contract defaults cannot reset them', () => {
    const body = fullUpdate({ ...product, points: 5, purchaseLimit: 3 }, { status: 'off' });
    expect(body).toMatchObject({
      status: 'off',
      points: 5,
      purchaseLimit: 3,
      stock: 10,
      principalReturned: true,
      sort: 2,
    });
    expect(validateProduct(body)).toEqual([]);
  });
});

describe('fieldOfServerMessage', () => {
  it('finds the field a server message starts with', () => {
    expect(fieldOfServerMessage('stock is not valid.')).toBe('stock');
    expect(fieldOfServerMessage('saleEndsAt is not valid.')).toBe('saleEndsAt');
    expect(fieldOfServerMessage('Something else.')).toBeUndefined();
  });
});
