"""The public view: what a player may see, for the UI and for fair hints."""

from __future__ import annotations

from enginetest import cards, game

import engine


def test_face_down_cards_are_none_and_the_stock_is_a_count() -> None:
    g = engine.new_game("spider-4", deal=1)
    view = g.public_view()
    pos = g.position
    for col, seen, down in zip(pos.tableau, view.tableau, pos.down):
        assert seen[:down] == (None,) * down and seen[down:] == col[down:]
    assert view.stock == (50,) and view.draw_tops == ()
    assert view.foundations == pos.foundations


def test_draw_piles_show_only_their_visible_top_card() -> None:
    g = engine.new_game("tournament-2", deal=1)
    view = g.public_view()
    assert view.stock == (8,) * 5
    assert view.draw_tops == tuple(pile[0] for pile in g.position.stock)
    g.play_text("d2")
    assert g.public_view().draw_tops[1] is None and g.public_view().stock[1] == 0


def test_view_notation_marks_hidden_cards_and_unseen_piles() -> None:
    g = game("tournament-1", ["*Ks*Qs9s", "Ts"], ["2s3s4s5s6s7s8s9s", "-"])
    assert g.public_view().notation() == "*??*??9s/Ts/-/-/-/-/-/-/- #8:2s/#0/#0/#0/#0 -/-/-/-/-/-"


def test_the_view_holds_no_hidden_card_anywhere() -> None:
    g = game("spider-1", ["*Ks*Ks5s", "Qs"], "JsJsJsJsJsJsJsJs")
    hidden = cards("KsJs")
    view = g.public_view()
    seen = [c for col in view.tableau for c in col if c is not None]
    assert not set(hidden) & set(seen)
    assert "Ks" not in view.notation() and "Js" not in view.notation()
    assert view.notation() == "*??*??5s/Qs/-/-/-/-/-/-/-/- #8 -/-/-/-/-/-/-/-"


def test_games_without_hidden_cards_show_everything() -> None:
    g = engine.new_game("spidike-classic", deal=3)
    assert g.public_view().tableau == g.position.tableau
    assert (
        engine.new_game("little-spider", deal=3).public_view().tableau
        == engine.new_game("little-spider", deal=3).position.tableau
    )
