/** @jest-environment jsdom */
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRef } from "react";

import { TextField } from "./text-field";

describe("TextField", () => {
  it("labels its input, passes input props through and forwards the ref", async () => {
    const onChange = jest.fn();
    const ref = createRef<HTMLInputElement>();
    render(<TextField ref={ref} label="Name" maxLength={80} autoComplete="name" defaultValue="" onChange={onChange} className="mt-5" />);
    const input = screen.getByLabelText("Name");
    expect(input).toBe(ref.current);
    expect(input).toHaveAttribute("maxLength", "80");
    expect(input).toHaveAttribute("autoComplete", "name");
    expect(input).not.toHaveAttribute("aria-describedby");
    expect(input.parentElement).toHaveClass("mt-5");
    await userEvent.type(input, "Ana");
    expect(onChange).toHaveBeenCalledTimes(3);
  });

  it("describes the input by its hint, with ids unique per field", () => {
    render(
      <>
        <TextField label="First" hint="As your partner calls you" />
        <TextField label="Second" />
      </>,
    );
    expect(screen.getByLabelText("First")).toHaveAccessibleDescription("As your partner calls you");
    expect(screen.getByLabelText("First").id).not.toBe(screen.getByLabelText("Second").id);
  });
});
