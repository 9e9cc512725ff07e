import { z } from 'zod';
import { Client, ClientSettingsUpdate, ClientSnippet } from '../../domain/client.ts';
import { Id, ProductType } from '../../domain/common.ts';
import { defineCall } from '../contract.ts';
import { commaList, IdParams } from './wire-schemas.ts';

/** Query of `GET clients`: all the caller's clients, or those of the listed engines. */
export const ListClientsQuery = z.object({ engineIds: commaList(Id).optional() });

/** Body of `POST clients`: the engine that gets a client (its type comes from the engine). */
export const CreateClientBody = z.object({ accountId: Id, engineId: Id });
export type CreateClientBody = z.infer<typeof CreateClientBody>;

/** Answer of `POST clients`. */
export const ClientCreated = z.object({ id: Id, indexName: z.string() });
export type ClientCreated = z.infer<typeof ClientCreated>;

/** Path parameters of the snippet call: the client and its engine type. */
export const SnippetParams = z.object({ id: Id, engineType: ProductType });

/** Clients: what a customer's site searches with, one per engine. */
export const clientContracts = {
  /** Serves both "GET clients" and "GET clients?engineIds=a,b" of the spec: one route. */
  list: defineCall({
    name: 'clients.list',
    method: 'GET',
    path: 'clients',
    query: ListClientsQuery,
    response: z.array(Client),
  }),
  get: defineCall({
    name: 'clients.get',
    method: 'GET',
    path: 'client/:id',
    params: IdParams,
    response: Client,
  }),
  create: defineCall({
    name: 'clients.create',
    method: 'POST',
    path: 'clients',
    body: CreateClientBody,
    response: ClientCreated,
  }),
  updateSettings: defineCall({
    name: 'clients.updateSettings',
    method: 'PUT',
    path: 'client/:id/settings',
    params: IdParams,
    body: ClientSettingsUpdate,
    response: Client,
  }),
  /** The install snippet; `:id` is the client id (`{clientId}` in the spec). */
  snippet: defineCall({
    name: 'clients.snippet',
    method: 'GET',
    path: 'client/:id/:engineType/snippet',
    params: SnippetParams,
    response: ClientSnippet,
  }),
} as const;
