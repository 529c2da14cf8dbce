/**
 * The testing page's controls as the explorer offers them in the tab: for each thing a customer, a
 * bank or time does, the objects of the tab it can act on now and the `/_test-mode/…` control it
 * runs (src/http/controls.ts), so a button in the explorer is the same model call as the HTTP
 * control. Failing 3-D Secure has no HTTP control (over HTTP the 30 minutes pass); in the tab it is
 * the model's `abandonThreeDs`, journalled like a control.
 */
import {testCardFor} from '@zip/model/testValues';
import type {Json} from '../model/core/errors';
import {taken, testCardOf} from '../model/resources/charges';
import type {TestMode} from '../testMode';

export interface TabControlAction {
  /** The button's words, which name the action fully (its accessible name). */
  readonly label: string;
  /** The control's path after `/_test-mode/`, `{id}` standing for the picked object. */
  readonly path: string;
  readonly body: Json;
}

export interface TabControlGroup {
  readonly key: string;
  /** Who acts, and on what: "The customer at the e-wallet". */
  readonly title: string;
  /** The ids it can act on now, newest first; empty for the clock. */
  readonly ids: readonly string[];
  readonly actions: readonly TabControlAction[];
}

/** The tab's own control for a customer who leaves the bank's page: not one of the HTTP controls. */
export const abandonThreeDsPath = /^charges\/([^/]+)\/three-d-secure\/abandon$/;

const successCard = testCardFor('succeeds-visa').number;
/** What the customer types on a payment link without a fixed amount, in centavos. */
const typedLinkAmount = 10000;

const newestFirst = (store: ReadonlyMap<string, Json>, keep: (object: Json) => boolean): string[] =>
  [...store.values()]
    .filter(keep)
    .map((object) => String(object.id))
    .reverse();

/** What the testing page's controls can do now in this test mode, in the order the page lists them. */
export function tabControlGroups(testMode: TestMode): TabControlGroup[] {
  const pendingSource = (source: Json) => source.status === 'pending' && source.type !== 'card';
  const atTheBank = (charge: Json) =>
    charge.status === 'pending' && charge.next_action !== null && !testMode.threeDsDone.has(String(charge.id));
  const disputable = (charge: Json) =>
    taken.includes(String(charge.status)) && !charge.dispute && testCardOf(charge)?.outcome.startsWith('dispute-') === true;
  const groups: TabControlGroup[] = [
    {
      key: 'source',
      title: 'The customer at the e-wallet or bank',
      ids: newestFirst(testMode.sources, pendingSource),
      actions: [
        {label: 'Approve the source', path: 'sources/{id}/chargeable', body: {}},
        {label: 'Decline the source', path: 'sources/{id}/cancelled', body: {}},
      ],
    },
    {
      key: 'three-d-secure',
      title: 'The customer at 3-D Secure',
      ids: newestFirst(testMode.charges, atTheBank),
      actions: [
        {label: 'Complete 3-D Secure', path: 'charges/{id}/three-d-secure', body: {}},
        {label: 'Fail 3-D Secure', path: 'charges/{id}/three-d-secure/abandon', body: {}},
      ],
    },
    {
      key: 'session',
      title: 'The customer on the checkout page',
      ids: newestFirst(testMode.sessions, (session) => session.status === 'open'),
      actions: [{label: 'Pay the checkout session', path: 'checkout-sessions/{id}/pay', body: {card: successCard}}],
    },
    {
      key: 'link',
      title: "The customer on the payment link's page",
      ids: newestFirst(testMode.links, (link) => link.status === 'active'),
      actions: [{label: 'Pay the payment link', path: 'links/{id}/pay', body: {card: successCard}}],
    },
    {
      key: 'request',
      title: "The customer on the payment request's page",
      ids: newestFirst(testMode.requests, (request) => request.status === 'open'),
      actions: [{label: 'Pay the payment request', path: 'requests/{id}/pay', body: {card: successCard}}],
    },
    {
      key: 'dispute',
      title: "The customer's bank",
      ids: newestFirst(testMode.charges, disputable),
      actions: [{label: 'Open a dispute', path: 'charges/{id}/dispute', body: {}}],
    },
  ];
  return groups.filter((group) => group.ids.length > 0);
}

/** The clock's controls, always offered: past 30 minutes 3-D Secure fails, past 60 an approved source expires. */
export const clockControls: readonly TabControlAction[] = [
  {label: 'Advance the clock 30 minutes', path: 'clock/advance', body: {minutes: 30}},
  {label: 'Advance the clock 60 minutes', path: 'clock/advance', body: {minutes: 60}},
];

/** The control's body for the picked object: a link without a fixed amount takes the amount the customer types. */
export function controlBody(testMode: TestMode, action: TabControlAction, id: string): Json {
  if (action.path === 'links/{id}/pay' && testMode.links.get(id)?.amount === null) return {...action.body, amount: typedLinkAmount};
  return action.body;
}
