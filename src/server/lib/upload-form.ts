// The one reader of multipart uploads (receipt, profile photo, branding logo, CSV import, ESG
// evidence). Every way a form can be wrong answers 4xx in words, before any feature looks at the
// file (decision 039): a body that is not multipart (415), a Content-Type without a boundary, a
// body whose boundary does not match or that stops early (the platform's formData() throws a
// TypeError for both, which used to surface as 500), no file in the field, a text value where a
// file belongs, and a file part without a name (Bun then hands out a File whose name is
// undefined, which broke every feature that cleans the name).
import { HttpError } from './errors.ts';

export interface UploadFormSpec {
  /** The form field that carries the file (spec §7 fixes it per route). */
  field: string;
  /** What the file is, for the refusals: "the receipt", "the photo", "the file". */
  noun: string;
  /** The answer when no file was chosen, in the route's words ("Choose a photo to upload"). */
  missingMessage: string;
}

export interface UploadForm {
  form: FormData;
  file: File;
}

export const MALFORMED_MULTIPART_MESSAGE =
  'The upload could not be read: the multipart body is incomplete or its boundary does not match the Content-Type header. Send the form again.';
export const MISSING_BOUNDARY_MESSAGE =
  'The Content-Type header says multipart/form-data but gives no boundary. Let the browser or HTTP client set it (multipart/form-data; boundary=…).';

const fieldError = (field: string, message: string) =>
  new HttpError(400, message, 'validation_failed', { formErrors: [], fieldErrors: { [field]: [message] } });

/** The boundary parameter of a multipart Content-Type (RFC 2046 §5.1.1: 1–70 characters). */
function multipartBoundary(contentType: string): string | null {
  const match = /;\s*boundary\s*=\s*(?:"([^"]*)"|([^;\s]*))/i.exec(contentType);
  const boundary = match?.[1] ?? match?.[2] ?? '';
  return boundary.length >= 1 && boundary.length <= 70 ? boundary : null;
}

/** The whole form and the file in `spec.field`, or a 4xx that says what is wrong with the request. */
export async function readUploadForm(request: Request, spec: UploadFormSpec): Promise<UploadForm> {
  const contentType = request.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data\s*(;|$)/i.test(contentType)) {
    throw new HttpError(
      415,
      `Send ${spec.noun} as multipart/form-data in a field named "${spec.field}"`,
      'unsupported_media_type',
    );
  }
  if (!multipartBoundary(contentType))
    throw new HttpError(400, MISSING_BOUNDARY_MESSAGE, 'malformed_multipart');
  let form: FormData;
  try {
    form = await request.formData();
  } catch (error) {
    // The body limit's own refusal (413) passes through; everything else is a broken body.
    if (error instanceof HttpError) throw error;
    throw new HttpError(400, MALFORMED_MULTIPART_MESSAGE, 'malformed_multipart');
  }
  const file = form.get(spec.field);
  if (file === null) throw fieldError(spec.field, spec.missingMessage);
  if (!(file instanceof File)) {
    throw fieldError(
      spec.field,
      `"${spec.field}" must be a file; it was sent as text. ${spec.missingMessage}`,
    );
  }
  // A browser sends an unchosen file input as a part with filename="" and no bytes.
  if (typeof file.name !== 'string' || file.name.trim() === '') {
    throw fieldError(
      spec.field,
      file.size === 0 ? spec.missingMessage : `The file has no name. ${spec.missingMessage}`,
    );
  }
  return { form, file };
}
