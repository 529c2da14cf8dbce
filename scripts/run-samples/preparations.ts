/**
 * What an endpoint sample or a collection request needs the test mode to do first, after its
 * reset to the specs' example objects (packages/test-mode, `seedExamples`), where the specs'
 * examples of two operations name one object in two states: create customer's example makes the
 * customer the examples hold (Maria Santos), so she is deleted first; detach source's example
 * removes the card that attach source's example saves, so it is saved first.
 */
const exampleCustomer = '/v2/customers/cus_DmDjcl0OevGMPVGGDAGDvCKq';

export interface Preparation {
  readonly method: string;
  readonly path: string;
  readonly body?: Record<string, unknown>;
}

/** By the operation's method and path template, as the specs write it: `POST /v2/customers`. */
export const preparations: Readonly<Record<string, readonly Preparation[]>> = {
  'POST /v2/customers': [{method: 'DELETE', path: exampleCustomer}],
  'DELETE /v2/customers/{cus_id}/sources/{src_id}': [
    {method: 'POST', path: `${exampleCustomer}/sources`, body: {source: 'src_ce3FLy3dxt0qJW6mH2WLjvmX'}},
  ],
};
