/** @jest-environment node */
import { canonicalRequest, EMPTY_PAYLOAD_HASH, sha256Hex, signingKey, signRequest, uriEncode } from "./sigv4";

// AWS's published examples: the signing-key example of the SigV4 docs, the IAM ListUsers request of "Create a signed AWS API
// request", and the S3 examples of "Authenticating Requests: Using the Authorization Header (AWS Signature Version 4)".
const S3_EXAMPLE = { accessKeyId: "AKIAIOSFODNN7EXAMPLE", secretAccessKey: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY", region: "us-east-1", service: "s3" };
const s3Date = new Date("2013-05-24T00:00:00Z");
const signatureOf = (headers: Record<string, string>) => /Signature=([0-9a-f]{64})$/.exec(headers.authorization!)?.[1];

describe("SigV4", () => {
  it("derives the documented signing key", () => {
    expect(signingKey("wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY", "20120215", "us-east-1", "iam").toString("hex")).toBe(
      "f4780e2d9f65fa895f9c67b32ce1baf0b0d8a43505a000a1a9e090d414db404d",
    );
  });

  it("signs the IAM ListUsers example", () => {
    const headers = signRequest({
      method: "GET",
      url: new URL("https://iam.amazonaws.com/?Action=ListUsers&Version=2010-05-08"),
      headers: { "content-type": "application/x-www-form-urlencoded; charset=utf-8" },
      payloadHash: EMPTY_PAYLOAD_HASH,
      credentials: { accessKeyId: "AKIDEXAMPLE", secretAccessKey: "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY", region: "us-east-1", service: "iam" },
      now: new Date("2015-08-30T12:36:00Z"),
    });
    expect(headers.authorization).toBe(
      "AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/iam/aws4_request, SignedHeaders=content-type;host;x-amz-date, Signature=5d672d79c15b13162d9279b0855cfba6789a8edb4c82c400e06b5924a6f2b5d7",
    );
    expect(headers["x-amz-date"]).toBe("20150830T123600Z");
  });

  it("signs the S3 GET Object example (range request)", () => {
    const headers = signRequest({
      method: "GET",
      url: new URL("https://examplebucket.s3.amazonaws.com/test.txt"),
      headers: { range: "bytes=0-9", "x-amz-content-sha256": EMPTY_PAYLOAD_HASH },
      payloadHash: EMPTY_PAYLOAD_HASH,
      credentials: S3_EXAMPLE,
      now: s3Date,
    });
    expect(headers.authorization).toBe(
      "AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41",
    );
  });

  it("signs the S3 PUT Object example (a key with $, a body)", () => {
    const body = "Welcome to Amazon S3.";
    expect(sha256Hex(body)).toBe("44ce7dd67c959e0d3524ffac1771dfbba87d2b6b4b4e99e42034a8b803f8b072");
    const headers = signRequest({
      method: "PUT",
      url: new URL("https://examplebucket.s3.amazonaws.com/test$file.text"),
      headers: { date: "Fri, 24 May 2013 00:00:00 GMT", "x-amz-storage-class": "REDUCED_REDUNDANCY", "x-amz-content-sha256": sha256Hex(body) },
      payloadHash: sha256Hex(body),
      credentials: S3_EXAMPLE,
      now: s3Date,
    });
    expect(signatureOf(headers)).toBe("98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd");
  });

  it("signs the S3 GET Bucket (list objects) example: a sorted, encoded query", () => {
    const headers = signRequest({
      method: "GET",
      url: new URL("https://examplebucket.s3.amazonaws.com/?max-keys=2&prefix=J"),
      headers: { "x-amz-content-sha256": EMPTY_PAYLOAD_HASH },
      payloadHash: EMPTY_PAYLOAD_HASH,
      credentials: S3_EXAMPLE,
      now: s3Date,
    });
    expect(signatureOf(headers)).toBe("34b48302e7b5fa45bde8084f4b7868a86f0a534bc59db6670ed5711ef69dc6f7");
  });

  it("encodes per RFC 3986 and canonicalises header values", () => {
    expect(uriEncode("a b/c*d~e!")).toBe("a%20b%2Fc%2Ad~e%21");
    expect(uriEncode("uploads/x y", true)).toBe("uploads/x%20y");
    const { text, signedHeaders } = canonicalRequest({
      method: "get",
      url: new URL("https://h.test/b/k?b=2&a=1&a=0"),
      headers: { "X-Amz-Date": "  1  ", "My-Header": "a   b" },
      payloadHash: EMPTY_PAYLOAD_HASH,
    });
    expect(signedHeaders).toBe("my-header;x-amz-date");
    expect(text).toBe(`GET\n/b/k\na=0&a=1&b=2\nmy-header:a b\nx-amz-date:1\n\nmy-header;x-amz-date\n${EMPTY_PAYLOAD_HASH}`);
  });
});
