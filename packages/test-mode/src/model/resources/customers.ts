/**
 * Customers with saved cards: one customer per e-mail (`customer_already_exists`), found by e-mail,
 * updated field by field (metadata merged), deleted; a card source attached stays `chargeable` for
 * its customer, and a detached one is `consumed`, never charged again.
 */
import {conflict, invalid, notFound, type Json} from '../core/errors';
import {newId} from '../core/ids';
import {listed} from '../core/lists';
import type {Handler, Model} from '../core/model';
import {mergeMetadata} from './metadata';

const sameEmail = (a: unknown, b: unknown) => typeof a === 'string' && typeof b === 'string' && a.toLowerCase() === b.toLowerCase();

function byEmail(model: Model, email: unknown): Json | undefined {
  return [...model.customers.values()].find((customer) => sameEmail(customer.email, email));
}

function createCustomer(model: Model, body: Json): Json {
  if (typeof body.email !== 'string') throw invalid('parameter_missing', 'Missing required parameter: email.', 'email');
  const existing = byEmail(model, body.email);
  if (existing)
    throw conflict('customer_already_exists', `Customer ${existing.id as string} already has the e-mail ${body.email}.`, 'email');
  const created = model.now();
  const customer = model.keep(model.customers, {
    id: newId('cus_'),
    object: 'customer',
    livemode: false,
    email: body.email,
    name: body.name ?? null,
    phone: body.phone ?? null,
    description: body.description ?? null,
    sources: [],
    metadata: body.metadata ?? {},
    created_at: created,
    updated_at: created,
  });
  return model.publicView(customer);
}

function updateCustomer(model: Model, id: string, body: Json): Json {
  const customer = model.mustGet(model.customers, id);
  const other = body.email === undefined ? undefined : byEmail(model, body.email);
  if (other && other !== customer)
    throw conflict('customer_already_exists', `Customer ${other.id as string} already has the e-mail ${body.email as string}.`, 'email');
  for (const field of ['email', 'name', 'phone', 'description'] as const) if (body[field] !== undefined) customer[field] = body[field];
  mergeMetadata(customer, body.metadata);
  customer.updated_at = model.now();
  return model.publicView(customer);
}

function deleteCustomer(model: Model, id: string): Json {
  const customer = model.mustGet(model.customers, id);
  // Its saved cards can never be charged again, as when each is detached.
  for (const source of customer.sources as Json[]) if (source.status === 'chargeable') model.transition('source', source, 'consumed');
  model.customers.delete(id);
  return {id, object: 'customer', deleted: true};
}

function attachSource(model: Model, customerId: string, body: Json): Json {
  const customer = model.mustGet(model.customers, customerId);
  if (typeof body.source !== 'string') throw invalid('parameter_missing', 'Missing required parameter: source.', 'source');
  const source = model.mustGet(model.sources, body.source, 'source');
  if (source.customer) throw conflict('source_already_attached', 'The source is attached already.', 'source');
  if (source.type !== 'card') throw invalid('source_not_reusable', `A ${source.type as string} source cannot be saved.`, 'source');
  if (source.status !== 'chargeable')
    throw conflict('source_not_chargeable', `Source ${source.id as string} is ${source.status as string}.`, 'source');
  source.customer = customerId;
  (customer.sources as Json[]).push(source);
  return model.publicView(customer);
}

function detachSource(model: Model, customerId: string, sourceId: string): Json {
  const customer = model.mustGet(model.customers, customerId);
  const saved = customer.sources as Json[];
  const source = saved.find((candidate) => candidate.id === sourceId);
  if (!source) throw notFound(`Customer ${customerId} has no source '${sourceId}'.`, 'src_id');
  if (source.status === 'chargeable') model.transition('source', source, 'consumed');
  customer.sources = saved.filter((candidate) => candidate !== source);
  customer.updated_at = model.now();
  return model.publicView(customer);
}

const customerId = (params: Record<string, string>) => params.cus_id ?? '';

export const customerHandlers: Record<string, Handler> = {
  createCustomer: (model, {body}) => ({status: 201, body: createCustomer(model, body)}),
  listCustomers: (model, {query}) => ({
    status: 200,
    body: listed(
      model.customers.values(),
      query,
      () => true,
      (customer) => model.publicView(customer),
    ),
  }),
  retrieveCustomer: (model, {params}) => ({status: 200, body: model.publicView(model.mustGet(model.customers, customerId(params)))}),
  updateCustomer: (model, {params, body}) => ({status: 200, body: updateCustomer(model, customerId(params), body)}),
  deleteCustomer: (model, {params}) => ({status: 200, body: deleteCustomer(model, customerId(params))}),
  retrieveCustomerByEmail: (model, {params}) => {
    const customer = byEmail(model, params.email);
    if (!customer) throw notFound(`No customer has the e-mail '${params.email ?? ''}'.`, 'email');
    return {status: 200, body: model.publicView(customer)};
  },
  attachSource: (model, {params, body}) => ({status: 200, body: attachSource(model, customerId(params), body)}),
  detachSource: (model, {params}) => ({status: 200, body: detachSource(model, customerId(params), params.src_id ?? '')}),
};
