import { stripDataUrlPrefix } from "@/lib/domain/audio/base64";

// Blob helpers shared by the audio store and the recorder. Older Safari (before 14) has no Blob.arrayBuffer(), so
// FileReader stands in wherever it exists.

/** The bytes of a Blob. */
export async function blobToArrayBuffer(blob: Blob): Promise<ArrayBuffer> {
  if (typeof blob.arrayBuffer === "function") return blob.arrayBuffer();
  return readWithFileReader(blob, "arrayBuffer") as Promise<ArrayBuffer>;
}

/** Plain base64 of a Blob (no "data:…;base64," prefix), as the upload endpoints expect. */
export async function blobToBase64(blob: Blob): Promise<string> {
  if (blob.size === 0) return "";
  // FileReader encodes natively, faster than a JavaScript loop on a 14-minute recording.
  if (typeof FileReader !== "undefined") return stripDataUrlPrefix((await readWithFileReader(blob, "dataUrl")) as string);
  return bytesToBase64(new Uint8Array(await blobToArrayBuffer(blob)));
}

function bytesToBase64(bytes: Uint8Array): string {
  // String.fromCharCode takes its arguments on the stack: go in slices so a few megabytes do not overflow it.
  const SLICE = 0x8000;
  let binary = "";
  for (let offset = 0; offset < bytes.length; offset += SLICE) {
    binary += String.fromCharCode(...bytes.subarray(offset, offset + SLICE));
  }
  return btoa(binary);
}

function readWithFileReader(blob: Blob, as: "arrayBuffer" | "dataUrl"): Promise<string | ArrayBuffer> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => (reader.result === null ? reject(new Error("Could not read the audio data.")) : resolve(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error("Could not read the audio data."));
    if (as === "arrayBuffer") reader.readAsArrayBuffer(blob);
    else reader.readAsDataURL(blob);
  });
}
