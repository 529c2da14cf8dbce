/**
 * The known-answer vector of packages/model/src/webhookSignatureVector.ts on the delivery contract page:
 * its example header, and the secret, timestamp and exact body it was made from, each copyable.
 */
import type {ReactNode} from 'react';
import CodeBlock from '@theme/CodeBlock';
import {webhookSignatureVector as vector} from '@zip/model/webhookSignatureVector';

/** The contract's example `Zip-Signature` header: the vector's. */
export function SignatureVectorHeader(): ReactNode {
  return (
    <CodeBlock language="text" title="Zip-Signature header">
      {`Zip-Signature: ${vector.header}`}
    </CodeBlock>
  );
}

/** The four parts of the vector, one block each, to check a signer or verifier against. */
export function SignatureVector(): ReactNode {
  return (
    <>
      <CodeBlock language="text" title="Secret">
        {vector.secret}
      </CodeBlock>
      <CodeBlock language="text" title="Timestamp (t)">
        {String(vector.timestamp)}
      </CodeBlock>
      <CodeBlock language="json" title="Raw body (exact bytes, UTF-8, no line break at the end)">
        {vector.body}
      </CodeBlock>
      <CodeBlock language="text" title="Expected Zip-Signature value">
        {vector.header}
      </CodeBlock>
    </>
  );
}
