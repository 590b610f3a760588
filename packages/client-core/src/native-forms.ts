import { File as NodeFile } from 'node:buffer';

/**
 * For the apps' test setups (never app code). jsdom brings its own File and FormData, which Node's fetch (undici,
 * behind msw) does not read: from Node 22 on, a request whose body is jsdom's FormData with a File reaches a
 * handler's `request.formData()` malformed (mswjs/msw#2415, jsdom/jsdom#3800). Browsers have one
 * implementation; the tests use Node's File and a FormData of Node's that also reads a form element, as a
 * browser's does (React's form actions build one from the form). jsdom's Blob stays: its FileReader
 * (user-event's clipboard) reads only it.
 */
export async function installNodeForms(): Promise<void> {
  const JsdomFormData = globalThis.FormData;
  const probe = new Response('a=1', { headers: { 'content-type': 'application/x-www-form-urlencoded' } });
  const NodeFormData = (await probe.formData()).constructor as typeof FormData;
  class FormDataOfNode extends NodeFormData {
    constructor(form?: HTMLFormElement, submitter?: HTMLElement | null) {
      super();
      if (!form) return;
      for (const [name, value] of new JsdomFormData(form, submitter)) this.append(name, value);
    }
  }
  Object.assign(globalThis, { File: NodeFile, FormData: FormDataOfNode });
}
