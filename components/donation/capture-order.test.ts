import { ApiRequestError } from "@/lib/client/api/request";

import { captureOrder } from "./capture-order";

jest.mock("@/lib/client/api/request", () => ({ ...jest.requireActual("@/lib/client/api/request"), apiJson: jest.fn() }));
jest.mock("@/lib/client/wait", () => ({ wait: jest.fn(async () => undefined) }));
const { apiJson } = jest.requireMock("@/lib/client/api/request");

const CAPTURE = ["POST", "/api/donations/orders/5O190127TN364715T/capture"];

beforeEach(() => apiJson.mockReset());

test("a capture answered at once is done", async () => {
  apiJson.mockResolvedValueOnce({ id: "5O190127TN364715T", status: "COMPLETED" });
  await captureOrder("5O190127TN364715T");
  expect(apiJson.mock.calls).toEqual([CAPTURE]);
});

test.each([
  ["the connection dropped", new TypeError("Failed to fetch")],
  ["PayPal could not be reached", new ApiRequestError(503, "Service Unavailable", '{"error":"PayPal could not be reached. Please try again."}')],
])("one unanswered (%s) is asked once more, which the server answers as captured when PayPal holds it so", async (_case, failure) => {
  apiJson.mockRejectedValueOnce(failure).mockResolvedValueOnce({ id: "5O190127TN364715T", status: "COMPLETED" });
  await captureOrder("5O190127TN364715T");
  expect(apiJson.mock.calls).toEqual([CAPTURE, CAPTURE]);
});

test("asked again and still unanswered, it fails", async () => {
  apiJson.mockRejectedValue(new TypeError("Failed to fetch"));
  await expect(captureOrder("5O190127TN364715T")).rejects.toThrow("Failed to fetch");
  expect(apiJson).toHaveBeenCalledTimes(2);
});

test("a refusal (a declined card) is not asked again", async () => {
  apiJson.mockRejectedValueOnce(new ApiRequestError(422, "Unprocessable", '{"issue":"INSTRUMENT_DECLINED"}'));
  await expect(captureOrder("5O190127TN364715T")).rejects.toBeInstanceOf(ApiRequestError);
  expect(apiJson).toHaveBeenCalledTimes(1);
});
