import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TableView } from '../../preload/contract.js';
import { lastSeq } from '../store/helpers.js';
import { startApi } from './helpers.js';

type Api = Awaited<ReturnType<typeof startApi>>;

// PUT /v1/tables/{id} with a floor-plan position, over real HTTP on 127.0.0.1.
describe('POS API: table position on the floor plan and the POS order', () => {
  let a: Api;
  beforeEach(async () => {
    a = await startApi();
  });
  afterEach(async () => a.stop());

  const listed = async () => (await a.call<TableView[]>('GET', '/tables')).json.map((t) => ({ id: t.id, order: t.order, position: t.position }));

  it('stores a position (fractions 0..1), keeps it when absent, takes it off with null; lists in the order first given', async () => {
    expect((await a.call('PUT', '/tables/z', { name: 'Z', area: 'Zahrada', position: { x: 0.25, y: 0.5 } })).status).toBe(201);
    expect((await a.call('PUT', '/tables/a', { name: 'A', area: 'Atrium' })).status).toBe(201);
    expect(await listed()).toEqual([
      { id: 'z', order: 1, position: { x: 0.25, y: 0.5 } },
      { id: 'a', order: 2, position: null },
    ]);
    expect((await a.call('PUT', '/tables/z', { name: 'Z2', area: 'Zahrada' })).status).toBe(200);
    expect((await a.call('PUT', '/tables/a', { name: 'A', area: 'Atrium', position: { x: 1, y: 0 } })).status).toBe(200);
    expect(await listed()).toEqual([
      { id: 'z', order: 1, position: { x: 0.25, y: 0.5 } },
      { id: 'a', order: 2, position: { x: 1, y: 0 } },
    ]);
    expect((await a.call('PUT', '/tables/z', { name: 'Z2', position: null })).status).toBe(200);
    expect((await listed())[0]?.position).toBeNull();
  });

  it('answers 400 naming the field for a position off the plan or not a number, and changes nothing', async () => {
    await a.call('PUT', '/tables/t1', { name: 'One', position: { x: 0.5, y: 0.5 } });
    const seq = lastSeq(a.store);
    const off = await a.call('PUT', '/tables/t1', { name: 'One', position: { x: 1.2, y: 0.5 } });
    expect(off).toMatchObject({ status: 400, json: { error: { code: 'BAD_REQUEST', field: 'position.x' } } });
    const text = await a.call('PUT', '/tables/t1', { name: 'One', position: { x: 0.5, y: '0.5' } });
    expect(text.json.error.field).toBe('position.y');
    const half = await a.call('PUT', '/tables/t1', { name: 'One', position: { x: 0.5 } });
    expect(half.json.error.field).toBe('position.y');
    expect(lastSeq(a.store)).toBe(seq);
    expect(await listed()).toEqual([{ id: 't1', order: 1, position: { x: 0.5, y: 0.5 } }]);
  });

  it('documents position in the OpenAPI document as fractions of the plan', async () => {
    const doc = (
      await a.call<{ components: { schemas: Record<string, { properties: Record<string, unknown>; description?: string }> } }>('GET', '/openapi.json')
    ).json;
    expect(doc.components.schemas.TableInput?.properties.position).toBeDefined();
    expect(doc.components.schemas.PlanPosition?.properties).toMatchObject({ x: { minimum: 0, maximum: 1 }, y: { minimum: 0, maximum: 1 } });
    expect(doc.components.schemas.PlanPosition?.description).toMatch(/fractions/i);
    expect(doc.components.schemas.TableView?.properties).toHaveProperty('order');
  });
});
