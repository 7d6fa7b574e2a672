import { describe, expect, it } from 'vitest';
import {
  filterByInvoiceNumber,
  ORDER_TAB_INFO,
  orderTabOf,
  orderTabQuery,
  parseOrderTab,
} from './order-tabs';

describe('[ORDERS] each tab asks for its own orders', () => {
  it('Pending: invoice pending with its stones, 50 at most', () => {
    expect(orderTabQuery('pendingInvoices')).toEqual({
      invoice_status: 'pending',
      expand: 'items',
      limit: 50,
    });
  });

  it('In-Transit: order pending with its invoice available', () => {
    expect(orderTabQuery('activeInvoices')).toEqual({
      status: 'pending',
      invoice_status: 'available',
      limit: 50,
    });
  });

  it('Past: completed orders', () => {
    expect(orderTabQuery('invoicesHistory')).toEqual({ status: 'completed', limit: 50 });
  });

  it('adds the date filter to every tab', () => {
    const since = '2026-05-13T00:00:00.000Z';
    for (const tab of ['pendingInvoices', 'activeInvoices', 'invoicesHistory'] as const) {
      expect(orderTabQuery(tab, { createdAtGte: since })['created_at[gte]']).toBe(since);
    }
  });

  it('searches by order id on the server only on Pending', () => {
    expect(orderTabQuery('pendingInvoices', { keyword: ' 000042 ' }).search_keyword).toBe('000042');
    expect(orderTabQuery('activeInvoices', { keyword: '42' })).not.toHaveProperty('search_keyword');
    expect(orderTabQuery('pendingInvoices', { keyword: '   ' })).not.toHaveProperty('search_keyword');
  });

  it('the dashboard asks for fewer rows, never for more than 50', () => {
    expect(orderTabQuery('activeInvoices', { limit: 3 }).limit).toBe(3);
    expect(orderTabQuery('activeInvoices', { limit: 500 }).limit).toBe(50);
  });

  it('every tab has a label and an info tooltip', () => {
    expect(ORDER_TAB_INFO.pendingInvoices.label).toBe('Pending');
    expect(ORDER_TAB_INFO.activeInvoices.label).toBe('In-Transit');
    expect(ORDER_TAB_INFO.invoicesHistory.label).toBe('Past');
    expect(ORDER_TAB_INFO.pendingInvoices.tooltip).toMatch(/sales team is processing/);
    expect(ORDER_TAB_INFO.activeInvoices.tooltip).toMatch(/invoice has been generated/);
  });
});

describe('[ORDERS] the tab in the URL', () => {
  it('reads ?path= and falls back to Pending', () => {
    expect(parseOrderTab('activeInvoices')).toBe('activeInvoices');
    expect(parseOrderTab('invoicesHistory')).toBe('invoicesHistory');
    expect(parseOrderTab('inTransit')).toBe('pendingInvoices');
    expect(parseOrderTab(null)).toBe('pendingInvoices');
  });

  it('places an order in the tab whose query finds it', () => {
    expect(orderTabOf({ status: 'pending', invoice_status: 'pending' })).toBe('pendingInvoices');
    expect(orderTabOf({ status: 'canceled', invoice_status: 'pending' })).toBe('pendingInvoices');
    expect(orderTabOf({ status: 'pending', invoice_status: 'available' })).toBe('activeInvoices');
    expect(orderTabOf({ status: 'completed', invoice_status: 'available' })).toBe('invoicesHistory');
  });
});

describe('[ORDERS] In-Transit and Past filter by invoice number', () => {
  const orders = [
    { id: 'a', invoice: { id: '1', number: 'LD-INV-000042', invoiced_at: '' } },
    { id: 'b', invoice: { id: '2', number: 'LD-INV-000107', invoiced_at: '' } },
    { id: 'c', invoice: null },
  ];

  it('keeps the orders whose invoice number contains the text, in any case', () => {
    expect(filterByInvoiceNumber(orders, 'ld-inv-000042').map((o) => o.id)).toEqual(['a']);
    expect(filterByInvoiceNumber(orders, '107').map((o) => o.id)).toEqual(['b']);
    expect(filterByInvoiceNumber(orders, 'INV').map((o) => o.id)).toEqual(['a', 'b']);
  });

  it('keeps every order when the search is empty', () => {
    expect(filterByInvoiceNumber(orders, ' ')).toHaveLength(3);
  });
});
