/** The slice of the official iyzipay SDK (CommonJS, untyped) that iyzico.ts uses. */
declare module 'iyzipay' {
  type Answer = Record<string, unknown>;
  type Callback = (err: Error | null, result: Answer | undefined) => void;
  export interface Resource {
    create(params: object, cb: Callback): void;
    retrieve(params: object, cb: Callback): void;
  }
  class Iyzipay {
    constructor(config: { apiKey: string; secretKey: string; uri: string });
    checkoutFormInitializePreAuth: Resource;
    checkoutForm: Resource;
    paymentPostAuth: Resource;
    cancel: Resource;
    refund: Resource;
  }
  export default Iyzipay;
}
